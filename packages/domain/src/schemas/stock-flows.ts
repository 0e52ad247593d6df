import { z } from 'zod';
import { RFC_RE, date, id, optionalText, phone, requiredOr, text } from '../fields';
import { msg } from '../messages';
import { ASSORTMENT_ORDER_TYPES, FLOW_STATUSES } from '../stock-flows';
import { listQuery } from './common';
import { amount, idName, whole } from './catalogue-fields';

/** Sale orders, assortment orders and transfers (spec 001 §3–§5, CONTRACT §9). */

const lines = <T extends z.ZodType>(line: T, label = 'Productos') =>
  z
    .array(line, { error: msg.required(label) })
    .min(1, msg.required(label))
    .max(200, `Una orden admite máximo 200 productos`);

const person = z.object({
  id: z.number().int(),
  name: z.string(),
  lastName: z.string(),
  motherLastName: z.string().nullable(),
});
const productRef = z.object({ id: z.number().int(), name: z.string(), sku: z.string() });
const lotRef = z.object({
  id: z.number().int(),
  allotment: z.string(),
  expiresIn: z.string().nullable(),
});
const dateRange = {
  startDate: date('Fecha inicial').optional(),
  endDate: date('Fecha final').optional(),
};
const status = z.enum(FLOW_STATUSES, { error: msg.option('Estatus') });
const rejectBody = z.strictObject({ reason: optionalText('Motivo', { max: 500 }).optional() });

/** Refuses a line whose `key` repeats an earlier line's, naming it (a product or a lot once). */
const once =
  <K extends string>(key: K, message: string) =>
  (items: Record<K, unknown>[], ctx: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    items.forEach((item, index) => {
      if (seen.has(item[key])) ctx.addIssue({ code: 'custom', path: [index, key], message });
      seen.add(item[key]);
    });
  };

/* ---------- Sale orders (business customers) ---------- */

export const saleOrderLineBody = z.strictObject({
  stockId: id('Producto'),
  quantity: whole('Cantidad', 1),
  price: amount('Precio', 1),
});

export const saleOrderBody = z.strictObject({
  name: text('Razón social', { max: 100 }),
  rfc: z
    .preprocess(
      (value) => (value === '' ? null : value),
      z
        .string({ error: msg.invalid('RFC') })
        .trim()
        .toUpperCase()
        .regex(RFC_RE, msg.rfc)
        .nullable(),
    )
    .optional(),
  phone: phone('Teléfono'),
  note: text('Número de nota', { max: 30 }),
  comments: optionalText('Comentarios', { max: 500 }),
  /** Branch-fixed roles sell from their own branch; others name it (default: the CEDIS). */
  branchId: id('Sucursal').optional(),
  saleOrderProducts: lines(saleOrderLineBody),
});
export const saleOrderUpdateBody = saleOrderBody.partial();

export const saleOrderQuery = listQuery.extend({
  branchId: id('Sucursal').optional(),
  ...dateRange,
});

export const saleOrderRecord = z.object({
  id: z.number().int(),
  orderNumber: z.number().int(),
  folio: z.string(),
  name: z.string(),
  rfc: z.string().nullable(),
  phone: z.string(),
  note: z.string(),
  comments: z.string().nullable(),
  totalAmount: z.number(),
  branch: idName,
  createdBy: person.nullable(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
  saleOrderProducts: z.array(
    z.object({
      id: z.number().int(),
      product: productRef,
      productStock: lotRef,
      stockId: z.number().int(),
      quantity: z.number().int(),
      price: z.number(),
      subtotal: z.number(),
    }),
  ),
});

/* ---------- Assortment orders (CEDIS → branch) ---------- */

export const assortmentOrderBody = z.strictObject({
  orderType: z.enum(ASSORTMENT_ORDER_TYPES, {
    error: requiredOr('Tipo de orden', msg.option('Tipo de orden')),
  }),
  branchId: id('Sucursal').optional(),
  comments: optionalText('Comentarios', { max: 500 }),
  assortmentOrderProducts: lines(
    z.strictObject({ productId: id('Producto'), orderedQuantity: whole('Cantidad', 1) }),
  ).superRefine(once('productId', 'Un producto solo puede aparecer una vez')),
});
export const assortmentOrderUpdateBody = assortmentOrderBody.partial();

/**
 * Approve: the CEDIS lots and quantities sent for each product of the order, every product at
 * least once; a product may be served from several lots, a lot at most once.
 */
export const assortmentApproveBody = z.strictObject({
  assortmentOrderProducts: lines(
    z.strictObject({
      productId: id('Producto'),
      stockId: id('Lote'),
      stockedQuantity: whole('Cantidad enviada', 1),
    }),
  ).superRefine(once('stockId', 'Un lote solo puede aparecer una vez')),
});

/** Confirm: the quantity received of every line (at most what was sent). */
export const assortmentConfirmBody = z.strictObject({
  assortmentOrderProducts: lines(
    z.strictObject({ id: id('Producto'), receivedQuantity: whole('Cantidad recibida') }),
  ).superRefine(once('id', 'Una línea solo puede aparecer una vez')),
});
export const flowRejectBody = rejectBody;

/**
 * `GET /assortment-order/products`: what a branch may ask the distribution centre for, each active
 * approved product with the branch's max and min of it (null: none recorded), so the order form
 * offers them and shows each line's max (spec 001 §5: above it, unless 0, is refused).
 */
export const assortmentProductsQuery = z.object({ branchId: id('Sucursal').optional() });
export const assortmentProductChoice = z.object({
  productId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  /** 0: no limit; null: no max/min recorded for the branch (no limit either). */
  max: z.number().int().nullable(),
  min: z.number().int().nullable(),
});

export const assortmentOrderQuery = listQuery.extend({
  branchId: id('Sucursal').optional(),
  /** The order's state (`status` is the active flag of every list, CONTRACT §3). */
  orderStatus: status.optional(),
  orderType: z.enum(ASSORTMENT_ORDER_TYPES, { error: msg.option('Tipo de orden') }).optional(),
  ...dateRange,
});

export const assortmentOrderRecord = z.object({
  id: z.number().int(),
  orderNumber: z.number().int(),
  folio: z.string(),
  orderType: z.enum(ASSORTMENT_ORDER_TYPES),
  status: z.enum(FLOW_STATUSES),
  /** The receiving branch. */
  branch: idName,
  /** The distribution centre the units left from (known once approved). */
  originBranch: idName.nullable(),
  orderBy: person.nullable(),
  approvedBy: person.nullable(),
  receivedBy: person.nullable(),
  rejectedBy: person.nullable(),
  comments: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** A finished order one of whose lines received less than was sent. */
  hasDifference: z.boolean(),
  created_at: z.string(),
  approvedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  deleted_at: z.string().nullable(),
  assortmentOrderProducts: z.array(
    z.object({
      id: z.number().int(),
      productId: z.number().int(),
      product: productRef,
      stockId: z.number().int().nullable(),
      productStock: lotRef.nullable(),
      orderedQuantity: z.number().int(),
      stockedQuantity: z.number().int().nullable(),
      receivedQuantity: z.number().int().nullable(),
    }),
  ),
});

/* ---------- Transfers (branch → branch) ---------- */

const transferFields = {
  originBranchId: id('Sucursal de origen'),
  destinyBranchId: id('Sucursal de destino'),
  comments: optionalText('Comentarios', { max: 500 }),
  transferProducts: lines(
    z.strictObject({ stockId: id('Producto'), stockedQuantity: whole('Cantidad enviada', 1) }),
  ),
};

/** Origin ≠ destination and each lot at most once, as far as the body tells (spec 001 §5). */
function transferChecks(
  body: {
    originBranchId?: number;
    destinyBranchId?: number;
    transferProducts?: { stockId: number }[];
  },
  ctx: z.RefinementCtx,
) {
  if (body.originBranchId !== undefined && body.originBranchId === body.destinyBranchId)
    ctx.addIssue({
      code: 'custom',
      path: ['destinyBranchId'],
      message: TRANSFER_SAME_BRANCH,
    });
  const seen = new Set<number>();
  (body.transferProducts ?? []).forEach((line, index) => {
    if (seen.has(line.stockId))
      ctx.addIssue({
        code: 'custom',
        path: ['transferProducts', index, 'stockId'],
        message: 'Un lote solo puede aparecer una vez',
      });
    seen.add(line.stockId);
  });
}

export const TRANSFER_SAME_BRANCH = 'La sucursal de destino debe ser distinta a la de origen';

export const transferBody = z.strictObject(transferFields).superRefine(transferChecks);

/**
 * Update (CONTRACT §2): the create's fields, each optional; those left out keep their stored
 * values. Sent lines replace the transfer's lines.
 */
export const transferUpdateBody = z
  .strictObject({
    originBranchId: transferFields.originBranchId.optional(),
    destinyBranchId: transferFields.destinyBranchId.optional(),
    comments: transferFields.comments.optional(),
    transferProducts: transferFields.transferProducts.optional(),
  })
  .superRefine(transferChecks);

export const transferApproveBody = z.strictObject({
  transferProducts: lines(
    z.strictObject({ id: id('Producto'), stockedQuantity: whole('Cantidad enviada', 1) }),
  ),
});
export const transferConfirmBody = z.strictObject({
  transferProducts: lines(
    z.strictObject({ id: id('Producto'), receivedQuantity: whole('Cantidad recibida') }),
  ),
});

export const transferQuery = listQuery.extend({
  originBranchId: id('Sucursal de origen').optional(),
  destinyBranchId: id('Sucursal de destino').optional(),
  /** The order's state (`status` is the active flag of every list, CONTRACT §3). */
  orderStatus: status.optional(),
  ...dateRange,
});

export const transferRecord = z.object({
  id: z.number().int(),
  transferNumber: z.number().int(),
  folio: z.string(),
  status: z.enum(FLOW_STATUSES),
  originBranchId: z.number().int(),
  destinyBranchId: z.number().int(),
  originBranch: idName,
  destinyBranch: idName,
  createdBy: person.nullable(),
  approvedBy: person.nullable(),
  acceptedBy: person.nullable(),
  rejectedBy: person.nullable(),
  comments: z.string().nullable(),
  rejectReason: z.string().nullable(),
  hasDifference: z.boolean(),
  created_at: z.string(),
  approvedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  deleted_at: z.string().nullable(),
  transferProducts: z.array(
    z.object({
      id: z.number().int(),
      productId: z.number().int(),
      stockId: z.number().int(),
      product: productRef,
      productStock: lotRef,
      stockedQuantity: z.number().int(),
      receivedQuantity: z.number().int().nullable(),
    }),
  ),
});

export type SaleOrderRecord = z.infer<typeof saleOrderRecord>;
export type AssortmentOrderRecord = z.infer<typeof assortmentOrderRecord>;
export type TransferRecord = z.infer<typeof transferRecord>;
