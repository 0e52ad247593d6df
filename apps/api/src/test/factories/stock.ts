import type { FastifyInstance } from 'fastify';
import { receiveStock } from '../../modules/inventory/ledger';
import { insertSupplyProduct } from '../../modules/catalogue/test-support';

/** Factories of stock: a product of the test's own with a lot, entered through the ledger. */

let lots = 0;

export interface Lot {
  stockId: number;
  productId: number;
  allotment: string;
}

/**
 * A lot of `quantity` units at the branch, entered through the ledger as an adjustment (the
 * movement a lot's history starts from); of a new supply product unless `productId` is given.
 */
export async function newLot(
  app: FastifyInstance,
  branchId: number,
  options: { productId?: number; quantity?: number; expiresIn?: string } = {},
): Promise<Lot> {
  lots += 1;
  const serial = `${process.pid % 1000}-${lots}`;
  const productId = options.productId ?? (await insertSupplyProduct(app.db, `LOTE-${serial}`));
  const allotment = `FAB-${serial}`;
  const moved = await app.db.transaction((tx) =>
    receiveStock(
      tx,
      { branchId, productId, allotment, expiresIn: options.expiresIn ?? '2027-12-31' },
      {
        quantity: options.quantity ?? 10,
        cause: 'adjustment',
        document: { type: 'test' },
        userId: null,
      },
    ),
  );
  return { stockId: moved.stockId, productId, allotment };
}
