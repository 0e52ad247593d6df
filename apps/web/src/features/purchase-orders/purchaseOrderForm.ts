import {
  LOTLESS_PRODUCT_TYPE,
  creditExpiration,
  lineTotal,
  linesTotal,
  msg,
  purchaseOrderBody,
  purchaseOrderUpdateBody,
} from '@clinica/domain';
import { withFormChecks } from '../../shared/form/withFormChecks';
import { todayInBranch } from '../../shared/format';
import type { PurchaseOrder } from './api';

/** The purchase-order form's rules beyond the body's (spec 001 §4, §5, §9). */

/** What the form knows of a product to check and total its line: its type and its tax. */
export interface LineProduct {
  id: number;
  sku: string;
  name: string;
  tax: number;
  productType: string;
}

export interface LineValues {
  productId?: number | null;
  quantity?: number | null;
  price?: number | null;
  allotment?: string | null;
  expiresAt?: string | null;
}

/** Lot and expiry are asked of every product type but `Insumo` (spec 001 §5). */
export const needsLot = (product: LineProduct | undefined) =>
  product !== undefined && product.productType !== LOTLESS_PRODUCT_TYPE;

/** A lot as typed, with its whitespace stripped (spec 001 §9). */
export const stripLot = (value: unknown) =>
  typeof value === 'string' ? value.replace(/\s+/g, '') : value;

/** Credit expiry as the form shows it live: arrival + 1 day + the provider's pay days. */
export function creditExpiryOf(
  arrivedAt: string | null | undefined,
  payConditions: number | null | undefined,
): string | null {
  if (!arrivedAt || payConditions === null || payConditions === undefined) return null;
  return creditExpiration(arrivedAt, payConditions);
}

/** A line's subtotal with its product's tax; null until it has a product, quantity and price. */
export function lineSubtotal(line: LineValues, product: LineProduct | undefined): number | null {
  if (!product || typeof line.quantity !== 'number' || typeof line.price !== 'number') return null;
  return lineTotal({ quantity: line.quantity, price: line.price, tax: product.tax });
}

/** Σ of the complete lines' subtotals: what the invoice's total should be. */
export function linesTotalOf(
  lines: LineValues[],
  productOf: (id: unknown) => LineProduct | undefined,
): number {
  const complete = lines.flatMap((line) => {
    const product = productOf(line.productId);
    return product && typeof line.quantity === 'number' && typeof line.price === 'number'
      ? [{ quantity: line.quantity, price: line.price, tax: product.tax }]
      : [];
  });
  return linesTotal(complete);
}

/** Whether the invoice's total and the lines' total differ by a cent or more (a warning only). */
export const totalsDiffer = (invoice: number | null | undefined, lines: number) =>
  typeof invoice === 'number' && Math.abs(Math.round(invoice * 100) - Math.round(lines * 100)) >= 1;

export type FormMode = 'create' | 'edit' | 'approve';

/**
 * The create's or the update's body, and what only the screen knows: lot and expiry by the
 * product's type; in the approver's edit, the pay status and the paid-on date (spec 001 §5).
 */
export function purchaseOrderFormSchema(
  mode: FormMode,
  productOf: (id: unknown) => LineProduct | undefined,
) {
  return withFormChecks(mode === 'create' ? purchaseOrderBody : purchaseOrderUpdateBody, {
    extraKeys: [],
    extra: () => null,
    check: (values, issue) => {
      const lines = (values.purchaseOrderProducts as LineValues[] | undefined) ?? [];
      lines.forEach((line, index) => {
        if (!needsLot(productOf(line.productId))) return;
        if (!stripLot(line.allotment ?? ''))
          issue(`purchaseOrderProducts.${index}.allotment`, msg.required('Lote'));
        if (!line.expiresAt)
          issue(`purchaseOrderProducts.${index}.expiresAt`, msg.required('Caducidad'));
      });
      if (mode !== 'approve') return;
      if (!values.payStatus) issue('payStatus', msg.required('Estatus de pago'));
      if (values.payStatus === 'Completado' && !values.payedAt)
        issue('payedAt', msg.required('Fecha de pago'));
    },
  });
}

/** The form's values of a saved order. */
export function toFormValues(order: PurchaseOrder, mode: FormMode) {
  return {
    invoiceNumber: order.invoiceNumber,
    providerId: order.provider.id,
    payMethod: order.payMethod,
    arrivedAt: order.arrivedAt.slice(0, 10),
    tax: order.tax,
    amount: order.amount,
    comments: order.comments ?? '',
    purchaseOrderProducts: order.purchaseOrderProducts.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      price: line.price,
      allotment: line.allotment,
      expiresAt: line.expiresAt ? line.expiresAt.slice(0, 10) : null,
    })),
    ...(mode === 'approve'
      ? { payStatus: 'Completado', payedAt: order.payedAt?.slice(0, 10) ?? todayInBranch() }
      : {}),
  };
}

/** A line as the API takes it: an empty lot or expiry (an `Insumo`) travels as null. */
export function lineBody<T extends LineValues>(line: T) {
  return { ...line, allotment: line.allotment || null, expiresAt: line.expiresAt || null };
}

/**
 * Of an update, only what changed: an untouched set of lines is left out, so paying an order whose
 * units have since moved on does not ask to replace its lines (CONTRACT §9, 422 code 1).
 */
export function changedFields<T extends Record<string, unknown>>(
  body: T,
  original: Record<string, unknown>,
): Partial<T> {
  return Object.fromEntries(
    Object.entries(body).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(original[key]),
    ),
  ) as Partial<T>;
}
