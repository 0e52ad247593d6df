import type { SALE_PAYMENT_METHODS } from '@clinica/domain';
import { type CashOrderLot } from '@clinica/domain';
import { isApiError } from '../../shared/api/client';

/** The new sale form's lines, payments and labels. */

export interface Line {
  key: number;
  productId: number | null;
  stockId: number | null;
  quantity: number;
}
export interface Payment {
  paymentMethod: (typeof SALE_PAYMENT_METHODS)[number];
  amount: number | null;
}

let keys = 0;
export const newLine = (): Line => ({
  key: (keys += 1),
  productId: null,
  stockId: null,
  quantity: 1,
});
export const lotLabel = (lot: CashOrderLot) =>
  `Lote ${lot.allotment || 'sin lote'} · ${lot.expiresIn ? `caduca ${lot.expiresIn}` : 'sin caducidad'} · ${lot.quantity} disp.`;
export const problemOf = (error: unknown) =>
  isApiError(error) && error.details.length > 0
    ? error.details.map((detail) => detail.message).join(' ')
    : error instanceof Error
      ? error.message
      : 'No se pudo calcular la venta';
