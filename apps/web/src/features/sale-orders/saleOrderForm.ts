import {
  SALE_ORDER_SHORT,
  saleLineSubtotal,
  saleOrderBody,
  saleOrderTotal,
  saleOrderUpdateBody,
} from '@clinica/domain';
import { withFormChecks } from '../../shared/form/withFormChecks';
import { maskPhone } from '../../shared/phone';
import type { SaleOrder } from './api';

/** The sale-order form's rules beyond the body's (spec 001 §5), and its live totals. */

/** A lot to sell from: what the branch holds of it, plus what this order already took from it. */
export interface LotChoice {
  stockId: number;
  productId: number;
  sku: string;
  product: string;
  allotment: string;
  expiresIn: string | null;
  available: number;
  /** The product's sale price, when the role may see prices: a new line starts at it. */
  unitPrice?: number;
}

export interface LineValues {
  stockId?: number | null;
  quantity?: number | null;
  price?: number | null;
}

const complete = (line: LineValues): line is { stockId: number; quantity: number; price: number } =>
  typeof line.stockId === 'number' &&
  typeof line.quantity === 'number' &&
  typeof line.price === 'number';

/** A line's subtotal, quantity × price; null until it has both. */
export function lineSubtotalOf(line: LineValues): number | null {
  return typeof line.quantity === 'number' && typeof line.price === 'number'
    ? saleLineSubtotal({ quantity: line.quantity, price: line.price })
    : null;
}

/** Σ of the complete lines: the `totalAmount` the server will compute. */
export const totalOf = (lines: LineValues[]) => saleOrderTotal(lines.filter(complete));

/**
 * The create's or the update's body, and what only the screen knows: each line within what its
 * lot holds ('No se cuenta con suficiente stock') and each lot once (spec 001 §5).
 */
export function saleOrderFormSchema(
  editing: boolean,
  lotOf: (stockId: unknown) => LotChoice | undefined,
) {
  return withFormChecks(editing ? saleOrderUpdateBody : saleOrderBody, {
    extraKeys: [],
    extra: () => null,
    check: (values, issue) => {
      const lines = (values.saleOrderProducts as LineValues[] | undefined) ?? [];
      const seen = new Set<unknown>();
      lines.forEach((line, index) => {
        if (line.stockId !== undefined && line.stockId !== null && seen.has(line.stockId))
          issue(`saleOrderProducts.${index}.stockId`, 'Un lote solo puede aparecer una vez');
        seen.add(line.stockId);
        const lot = lotOf(line.stockId);
        if (lot && typeof line.quantity === 'number' && line.quantity > lot.available)
          issue(`saleOrderProducts.${index}.quantity`, SALE_ORDER_SHORT);
      });
    },
  });
}

/** The form's values of a saved order. */
export function toFormValues(order: SaleOrder) {
  return {
    name: order.name,
    rfc: order.rfc ?? '',
    phone: maskPhone(order.phone),
    note: order.note,
    comments: order.comments ?? '',
    branchId: order.branch.id,
    saleOrderProducts: order.saleOrderProducts.map((line) => ({
      stockId: line.stockId,
      quantity: line.quantity,
      price: line.price,
    })),
  };
}
