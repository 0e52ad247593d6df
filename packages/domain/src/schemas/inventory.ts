import { z } from 'zod';
import { ADJUSTMENT_TYPES, PAY_METHODS, PAY_STATUSES, STOCK_CAUSES } from '../constants';
import { date, id, labelled, optionalText, requiredOr, text } from '../fields';
import { msg } from '../messages';
import { listQuery } from './common';
import { amount, idName, whole } from './catalogue-fields';

/** Inventory: lots, the ledger, adjustments, max/min (spec 001 §2–§9, CONTRACT §9). */

const dateFilter = (label: string) => date(label).optional();

/** A lot code as typed: whitespace is stripped (spec 001 §5), at most 50 characters. */
export const allotment = (label = 'Lote') =>
  labelled(
    z
      .string({ error: msg.invalid(label) })
      .transform((value) => value.replace(/\s+/g, ''))
      .pipe(z.string().max(50, msg.max(label, 50))),
    label,
  );

/** The colour of a stock row (CONTRACT §9): danger (expiry) wins over volcano (max/min). */
export const STOCK_COLORS = ['danger', 'volcano'] as const;
/** The colour of a lot in the detail, by days left (spec 001 §4). */
export const LOT_COLORS = ['danger', 'warning', 'alert', 'okay'] as const;

export const stockQuery = listQuery.extend({
  branchId: id('Sucursal').optional(),
  productId: id('Producto').optional(),
  categoryId: id('Categoría').optional(),
  productTypeId: id('Tipo de producto').optional(),
  color: z.enum(STOCK_COLORS, { error: msg.option('Color') }).optional(),
});

/**
 * One row per branch and product (CONTRACT §9). The price fields are absent for the Sucursal
 * Gerente and the Franquiciatario: the API leaves them out.
 */
export const stockRow = z.object({
  id: z.string(),
  stockId: z.number().int(),
  productId: z.number().int(),
  branchId: z.number().int(),
  sku: z.string(),
  product: z.string(),
  category: z.string().nullable(),
  productType: z.string(),
  branch: z.string(),
  distribution_center: z.boolean(),
  allotment: z.string(),
  expiresIn: z.string().nullable(),
  quantity: z.number().int(),
  max: z.number().int().nullable(),
  min: z.number().int().nullable(),
  mmId: z.number().int().nullable(),
  color: z.enum(STOCK_COLORS).nullable(),
  status: z.boolean(),
  unitPrice: z.number().optional(),
});
export type StockRow = z.infer<typeof stockRow>;

export const stockDetailParams = z.object({
  branchId: id('Sucursal'),
  productId: id('Producto'),
});

export const stockMovementRecord = z.object({
  id: z.number().int(),
  stockId: z.number().int(),
  productId: z.number().int(),
  branchId: z.number().int(),
  allotment: z.string(),
  product: z.string(),
  branch: z.string(),
  /** Signed: units in positive, units out negative. */
  quantity: z.number().int(),
  /** The lot's balance after the movement. */
  balance: z.number().int(),
  cause: z.enum(STOCK_CAUSES),
  documentType: z.string().nullable(),
  documentId: z.number().int().nullable(),
  documentNumber: z.string().nullable(),
  user: z.object({ id: z.number().int(), name: z.string(), lastName: z.string() }).nullable(),
  created_at: z.string(),
});
export type StockMovementRecord = z.infer<typeof stockMovementRecord>;

export const stockMovementQuery = listQuery.extend({
  stockId: id('Lote').optional(),
  productId: id('Producto').optional(),
  branchId: id('Sucursal').optional(),
  cause: z.enum(STOCK_CAUSES, { error: msg.option('Causa') }).optional(),
  startDate: dateFilter('Fecha inicial'),
  endDate: dateFilter('Fecha final'),
});

export const lotRecord = z.object({
  stockId: z.number().int(),
  allotment: z.string(),
  expiresIn: z.string().nullable(),
  quantity: z.number().int(),
  /** Days from today (the branch's) to the expiry; null when the lot has none. */
  daysLeft: z.number().int().nullable(),
  color: z.enum(LOT_COLORS),
});

export const stockDetail = z.object({
  productId: z.number().int(),
  branchId: z.number().int(),
  sku: z.string(),
  product: z.string(),
  branch: z.string(),
  distribution_center: z.boolean(),
  quantity: z.number().int(),
  max: z.number().int().nullable(),
  min: z.number().int().nullable(),
  mmId: z.number().int().nullable(),
  unitPrice: z.number().optional(),
  lots: z.array(lotRecord),
  movements: z.array(stockMovementRecord),
});

/** `GET /stock/get-stock-by-branch-id` and `…-and-treatment`: the lots with units, to choose one. */
export const stockChoiceQuery = z.object({
  branchId: id('Sucursal').optional(),
  productId: id('Producto').optional(),
});
export const stockByTreatmentQuery = z.object({
  branchId: id('Sucursal'),
  treatmentId: id('Tratamiento'),
});
export const stockChoice = z.object({
  stockId: z.number().int(),
  productId: z.number().int(),
  branchId: z.number().int(),
  sku: z.string(),
  product: z.string(),
  allotment: z.string(),
  expiresIn: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number().optional(),
});

export const stockReportQuery = z.object({ branchId: id('Sucursal').optional() });
/** A row of the stock-by-branch report (spec 001 §7): one per lot with units. */
export const stockReportRow = z.object({
  sku: z.string(),
  category: z.string().nullable(),
  product: z.string(),
  quantity: z.number().int(),
  allotment: z.string(),
  expiresIn: z.string().nullable(),
  unitPrice: z.number().optional(),
});

const justification = text('Justificación', { max: 500 });

/**
 * `POST /stock/adjustment` (CONTRACT §9): a drop names its lot and takes at most what it holds; a
 * registration adds to the named lot or to the lot of that allotment and expiry, creating it.
 */
export const adjustmentBody = z
  .strictObject({
    productId: id('Producto'),
    branchId: id('Sucursal'),
    quantity: whole('Cantidad', 1),
    type: z.enum(ADJUSTMENT_TYPES, { error: requiredOr('Ajuste', msg.option('Ajuste')) }),
    stockId: id('Lote').nullable().optional(),
    allotment: allotment().nullable().optional(),
    expiresIn: date('Caducidad').nullable().optional(),
    justification,
  })
  .superRefine((body, ctx) => {
    if (body.stockId) return;
    if (body.type === 'drop')
      ctx.addIssue({ code: 'custom', path: ['stockId'], message: msg.required('Lote') });
    else if (!body.allotment)
      ctx.addIssue({ code: 'custom', path: ['allotment'], message: msg.required('Lote') });
  });
export type AdjustmentBody = z.infer<typeof adjustmentBody>;

export const adjustmentAnswer = z.object({
  stockId: z.number().int(),
  productId: z.number().int(),
  branchId: z.number().int(),
  allotment: z.string(),
  expiresIn: z.string().nullable(),
  quantity: z.number().int(),
});

/** Max/min (spec 001 §5): a max of 0 means no limit; otherwise min may not exceed max (400 code 7). */
const maxMinFields = { max: whole('Máximo'), min: whole('Mínimo') };
export const maxMinBody = z.strictObject({
  ...maxMinFields,
  productId: id('Producto'),
  branchId: id('Sucursal'),
});
export const maxMinUpdateBody = z.strictObject(maxMinFields);
export const maxMinRecord = z.object({
  id: z.number().int(),
  mmId: z.number().int(),
  max: z.number().int(),
  min: z.number().int(),
  productId: z.number().int(),
  branchId: z.number().int(),
  product: idName,
  branch: idName,
});
export const mmIdParams = z.object({ mmId: id('Máximo y mínimo') });

/** Purchase orders (spec 001 §3–§5, CONTRACT §9). */
export const purchaseOrderLineBody = z.strictObject({
  productId: id('Producto'),
  quantity: whole('Cantidad', 1),
  price: amount('Precio'),
  /** Required except for products of type Insumo (the server checks it against the product). */
  allotment: allotment().nullable().optional(),
  expiresAt: date('Caducidad').nullable().optional(),
});

export const purchaseOrderBody = z.strictObject({
  invoiceNumber: text('Número de factura', { max: 20 }),
  providerId: id('Proveedor'),
  payMethod: z.enum(PAY_METHODS, {
    error: requiredOr('Método de pago', msg.option('Método de pago')),
  }),
  arrivedAt: date('Fecha de llegada'),
  tax: amount('Impuesto'),
  amount: amount('Total'),
  comments: optionalText('Comentarios', { max: 500 }),
  purchaseOrderProducts: z
    .array(purchaseOrderLineBody, { error: msg.required('Productos') })
    .min(1, msg.required('Productos'))
    .max(200, 'Una orden admite máximo 200 productos'),
});
export type PurchaseOrderBody = z.infer<typeof purchaseOrderBody>;

/**
 * An update: while unpaid, the order's fields and lines (the lines only while the lots they filled
 * still hold those units); paying it (`payStatus: "Completado"` with `payedAt`) needs approve.
 */
export const purchaseOrderUpdateBody = purchaseOrderBody.partial().extend({
  payStatus: z.enum(PAY_STATUSES, { error: msg.option('Estatus de pago') }).optional(),
  payedAt: date('Fecha de pago').nullable().optional(),
});
export type PurchaseOrderUpdateBody = z.infer<typeof purchaseOrderUpdateBody>;

export const purchaseOrderQuery = listQuery.extend({
  providerId: id('Proveedor').optional(),
  payStatus: z.enum(PAY_STATUSES, { error: msg.option('Estatus de pago') }).optional(),
  startDate: dateFilter('Fecha inicial'),
  endDate: dateFilter('Fecha final'),
});

export const purchaseOrderLine = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    sku: z.string(),
    tax: z.number(),
    productType: z.string(),
  }),
  stockId: z.number().int(),
  quantity: z.number().int(),
  price: z.number(),
  allotment: z.string(),
  expiresAt: z.string().nullable(),
  /** quantity × price × (1 + product tax). */
  subtotal: z.number(),
});

export const purchaseOrderRecord = z.object({
  id: z.number().int(),
  orderNumber: z.number().int(),
  /** As printed: 'OC-000042'. */
  folio: z.string(),
  invoiceNumber: z.string(),
  provider: z.object({ id: z.number().int(), name: z.string(), payConditions: z.number() }),
  branch: idName,
  payMethod: z.string(),
  payStatus: z.enum(PAY_STATUSES),
  arrivedAt: z.string(),
  creditExpiration: z.string(),
  payedAt: z.string().nullable(),
  tax: z.number(),
  amount: z.number(),
  /** Σ quantity × price × (1 + product tax), to compare with the invoice's amount. */
  linesTotal: z.number(),
  comments: z.string().nullable(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
  purchaseOrderProducts: z.array(purchaseOrderLine),
});
export type PurchaseOrderRecord = z.infer<typeof purchaseOrderRecord>;

/**
 * GET /stock/{stockId}/trace: a lot followed through the chain. The lot is one product's units of
 * one lot code and expiry; `lots` are its rows at every branch that held it (the distribution
 * centre's, those it was transferred or assorted to), `movements` every ledger entry of those rows
 * in order, `customers` every appointment its units were used on, with the customer, and `sales`
 * every counter sale (cash order) its units were sold in and not refunded, with the customer when
 * the sale named one.
 */
export const stockTrace = z.object({
  stockId: z.number().int(),
  product: z.object({ id: z.number().int(), sku: z.string(), name: z.string() }),
  allotment: z.string(),
  expiresIn: z.string().nullable(),
  lots: z.array(
    z.object({
      stockId: z.number().int(),
      branch: z.object({ id: z.number().int(), name: z.string() }),
      quantity: z.number().int(),
    }),
  ),
  movements: z.array(stockMovementRecord),
  customers: z.array(
    z.object({
      customer: z.object({
        id: z.number().int(),
        customerId: z.number().int(),
        name: z.string(),
      }),
      appointment: z.object({
        id: z.number().int(),
        appointmentNumber: z.number().int(),
        date: z.string(),
        branch: z.object({ id: z.number().int(), name: z.string() }),
        treatment: z.string().nullable(),
      }),
      stockId: z.number().int(),
      quantity: z.number().int(),
      created_at: z.string(),
    }),
  ),
  sales: z.array(
    z.object({
      customer: z
        .object({ id: z.number().int(), customerId: z.number().int(), name: z.string() })
        .nullable(),
      cashOrder: z.object({
        id: z.number().int(),
        orderNumber: z.number().int(),
        folio: z.string(),
        date: z.string(),
        branch: z.object({ id: z.number().int(), name: z.string() }),
      }),
      stockId: z.number().int(),
      quantity: z.number().int(),
      created_at: z.string(),
    }),
  ),
});
export type StockTrace = z.infer<typeof stockTrace>;
