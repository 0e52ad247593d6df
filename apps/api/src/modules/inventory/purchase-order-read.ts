import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  NotFound,
  formatOrderNumber,
  lineTotal,
  linesTotal,
  type PurchaseOrderRecord,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import {
  branch,
  product,
  productType,
  provider,
  purchaseOrder,
  purchaseOrderProduct,
  user,
} from '../../db/schema';
import type { FromClause } from '../../platform/list';
import { resource } from '../../platform/write';

/** Purchase orders as the API answers them (spec 001 §3, CONTRACT §9). */

/** The resource: its 404 (code 32), its audit module and the branch it belongs to (the centre). */
export const purchaseOrders = resource({
  table: purchaseOrder,
  module: 'purchaseOrder',
  notFound: NotFound.purchaseOrder,
  branch: purchaseOrder.branchId,
});

export const folioOf = (orderNumber: number) => formatOrderNumber('purchaseOrder', orderNumber);

export const orderColumns = {
  id: purchaseOrder.id,
  orderNumber: purchaseOrder.orderNumber,
  invoiceNumber: purchaseOrder.invoiceNumber,
  providerId: provider.id,
  providerName: provider.name,
  payConditions: provider.payConditions,
  branchId: branch.id,
  branchName: branch.name,
  payMethod: purchaseOrder.payMethod,
  payStatus: purchaseOrder.payStatus,
  arrivedAt: purchaseOrder.arrivedAt,
  creditExpiration: purchaseOrder.creditExpiration,
  payedAt: purchaseOrder.payedAt,
  tax: purchaseOrder.tax,
  amount: purchaseOrder.amount,
  comments: purchaseOrder.comments,
  createdById: user.id,
  createdByName: sql<string | null>`concat_ws(' ', ${user.name}, ${user.lastName})`,
  createdAt: purchaseOrder.createdAt,
  deletedAt: purchaseOrder.deletedAt,
};

export interface OrderRow {
  id: number;
  orderNumber: number;
  invoiceNumber: string;
  providerId: number;
  providerName: string;
  payConditions: number;
  branchId: number;
  branchName: string;
  payMethod: string;
  payStatus: string;
  arrivedAt: string;
  creditExpiration: string;
  payedAt: string | null;
  tax: number;
  amount: number;
  comments: string | null;
  createdById: number | null;
  createdByName: string | null;
  createdAt: Date;
  deletedAt: Date | null;
}

/** The FROM of an order with its provider, centre and creator (a list reads through it too). */
export const fromOrders: FromClause = (select) =>
  select
    .from(purchaseOrder)
    .innerJoin(provider, eq(provider.id, purchaseOrder.providerId))
    .innerJoin(branch, eq(branch.id, purchaseOrder.branchId))
    .leftJoin(user, eq(user.id, purchaseOrder.createdBy))
    .$dynamic();

type Line = PurchaseOrderRecord['purchaseOrderProducts'][number];

/** The lines of these orders with their products, by order. */
async function linesOf(executor: Executor, ids: number[]): Promise<Map<number, Line[]>> {
  const byOrder = new Map<number, Line[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byOrder;
  const rows = await executor
    .select({
      id: purchaseOrderProduct.id,
      orderId: purchaseOrderProduct.purchaseOrderId,
      productId: product.id,
      name: product.name,
      sku: product.sku,
      tax: product.tax,
      productType: productType.name,
      stockId: purchaseOrderProduct.stockId,
      quantity: purchaseOrderProduct.quantity,
      price: purchaseOrderProduct.price,
      allotment: purchaseOrderProduct.allotment,
      expiresAt: purchaseOrderProduct.expiresAt,
    })
    .from(purchaseOrderProduct)
    .innerJoin(product, eq(product.id, purchaseOrderProduct.productId))
    .innerJoin(productType, eq(productType.id, product.productTypeId))
    .where(inArray(purchaseOrderProduct.purchaseOrderId, ids))
    .orderBy(asc(purchaseOrderProduct.id));
  for (const row of rows) {
    byOrder.get(row.orderId)!.push({
      id: row.id,
      productId: row.productId,
      product: {
        id: row.productId,
        name: row.name,
        sku: row.sku,
        tax: row.tax,
        productType: row.productType,
      },
      stockId: row.stockId,
      quantity: row.quantity,
      price: row.price,
      allotment: row.allotment,
      expiresAt: row.expiresAt,
      subtotal: lineTotal({ quantity: row.quantity, price: row.price, tax: row.tax }),
    });
  }
  return byOrder;
}

/** Orders as answered: provider, centre, creator, lines with their products, and `linesTotal`. */
export async function presentOrders(
  executor: Executor,
  rows: OrderRow[],
): Promise<PurchaseOrderRecord[]> {
  const lines = await linesOf(
    executor,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const own = lines.get(row.id)!;
    return {
      id: row.id,
      orderNumber: row.orderNumber,
      folio: folioOf(row.orderNumber),
      invoiceNumber: row.invoiceNumber,
      provider: { id: row.providerId, name: row.providerName, payConditions: row.payConditions },
      branch: { id: row.branchId, name: row.branchName },
      payMethod: row.payMethod,
      payStatus: row.payStatus as PurchaseOrderRecord['payStatus'],
      arrivedAt: row.arrivedAt,
      creditExpiration: row.creditExpiration,
      payedAt: row.payedAt,
      tax: row.tax,
      amount: row.amount,
      linesTotal: linesTotal(own.map((line) => ({ ...line, tax: line.product.tax }))),
      comments: row.comments,
      createdBy:
        row.createdById === null ? null : { id: row.createdById, name: row.createdByName ?? '' },
      created_at: row.createdAt.toISOString(),
      deleted_at: row.deletedAt?.toISOString() ?? null,
      purchaseOrderProducts: own,
    };
  });
}

/** Orders matching `where`, as answered. */
export async function readOrders(
  executor: Executor,
  where: SQL | undefined,
): Promise<PurchaseOrderRecord[]> {
  const rows = (await fromOrders(executor.select(orderColumns)).where(
    where,
  )) as unknown as OrderRow[];
  return presentOrders(executor, rows);
}

/** One order by id (deleted or not), as answered; undefined when there is none. */
export async function readOrder(
  executor: Executor,
  id: number,
): Promise<PurchaseOrderRecord | undefined> {
  return (await readOrders(executor, eq(purchaseOrder.id, id)))[0];
}
