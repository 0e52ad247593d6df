import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_TIME_ZONE,
  NotFound,
  formatOrderNumber,
  parseOrderNumber,
  saleLineSubtotal,
  saleOrderRoutes,
  type saleOrderQuery,
  type saleOrderRecord,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { branch, product, saleOrder, saleOrderProduct, stock, user } from '../../db/schema';
import type { Context } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { listPage, listSpec, searchLike, withinDays, type FromClause } from '../../platform/list';
import { fixedBranch, resource } from '../../platform/write';

/**
 * Sale orders as the API answers them (spec 001 §3, CONTRACT §9): the business customer, the
 * branch whose lots the units left, who made it, and the lines with their product, lot and
 * subtotal. A role fixed to its branch reaches only its branch's orders; any other answers 404.
 */

export type SaleOrder = z.input<typeof saleOrderRecord>;

/** The resource: its 404 (code 36), its audit module and the branch whose lots it took. */
export const saleOrders = resource({
  table: saleOrder,
  module: 'saleOrder',
  notFound: NotFound.saleOrder,
  branch: saleOrder.branchId,
});

export const folioOf = (orderNumber: number) => formatOrderNumber('saleOrder', orderNumber);

export const headColumns = {
  id: saleOrder.id,
  orderNumber: saleOrder.orderNumber,
  name: saleOrder.name,
  rfc: saleOrder.rfc,
  phone: saleOrder.phone,
  note: saleOrder.note,
  comments: saleOrder.comments,
  totalAmount: saleOrder.totalAmount,
  branchId: branch.id,
  branchName: branch.name,
  createdById: user.id,
  createdByName: user.name,
  createdByLastName: user.lastName,
  createdByMotherLastName: user.motherLastName,
  createdAt: saleOrder.createdAt,
  deletedAt: saleOrder.deletedAt,
};

export interface Head {
  id: number;
  orderNumber: number;
  name: string;
  rfc: string | null;
  phone: string;
  note: string;
  comments: string | null;
  totalAmount: number;
  branchId: number;
  branchName: string;
  createdById: number | null;
  createdByName: string | null;
  createdByLastName: string | null;
  createdByMotherLastName: string | null;
  createdAt: Date;
  deletedAt: Date | null;
}

/** The FROM of an order with its branch and creator (the list reads through it too). */
export const fromOrders: FromClause = (select) =>
  select
    .from(saleOrder)
    .innerJoin(branch, eq(branch.id, saleOrder.branchId))
    .leftJoin(user, eq(user.id, saleOrder.createdBy))
    .$dynamic();

type Line = SaleOrder['saleOrderProducts'][number];

/** The lines of these orders with their product and lot, by order. */
async function linesOf(executor: Executor, ids: number[]): Promise<Map<number, Line[]>> {
  const byOrder = new Map<number, Line[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byOrder;
  const rows = await executor
    .select({
      id: saleOrderProduct.id,
      orderId: saleOrderProduct.saleOrderId,
      product: { id: product.id, name: product.name, sku: product.sku },
      productStock: { id: stock.id, allotment: stock.allotment, expiresIn: stock.expiresIn },
      stockId: saleOrderProduct.stockId,
      quantity: saleOrderProduct.quantity,
      price: saleOrderProduct.price,
    })
    .from(saleOrderProduct)
    .innerJoin(product, eq(product.id, saleOrderProduct.productId))
    .innerJoin(stock, eq(stock.id, saleOrderProduct.stockId))
    .where(inArray(saleOrderProduct.saleOrderId, ids))
    .orderBy(asc(saleOrderProduct.id));
  for (const { orderId, ...line } of rows)
    byOrder.get(orderId)!.push({ ...line, subtotal: saleLineSubtotal(line) });
  return byOrder;
}

/** The rows of a page as records: their lines read in one query. */
export async function presentOrders(executor: Executor, rows: Head[]): Promise<SaleOrder[]> {
  const lines = await linesOf(
    executor,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.orderNumber,
    folio: folioOf(row.orderNumber),
    name: row.name,
    rfc: row.rfc,
    phone: row.phone,
    note: row.note,
    comments: row.comments,
    totalAmount: row.totalAmount,
    branch: { id: row.branchId, name: row.branchName },
    createdBy:
      row.createdById === null
        ? null
        : {
            id: row.createdById,
            name: row.createdByName ?? '',
            lastName: row.createdByLastName ?? '',
            motherLastName: row.createdByMotherLastName,
          },
    created_at: row.createdAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
    saleOrderProducts: lines.get(row.id)!,
  }));
}

async function select(executor: Executor, where: SQL | undefined): Promise<SaleOrder[]> {
  const rows = (await fromOrders(executor.select(headColumns)).where(where)) as unknown as Head[];
  return presentOrders(executor, rows);
}

/** One order by id (deleted or not), as answered (no scope: the caller has checked it). */
export async function readSaleOrder(executor: Executor, id: number): Promise<SaleOrder> {
  const [record] = await select(executor, eq(saleOrder.id, id));
  if (!record) throw notFound(NotFound.saleOrder);
  return record;
}

/**
 * GET /sale-order/{id}: an order the caller reaches, deleted ones included (the list shows them
 * with `withDeleted` and their detail opens from there); 404 code 36 otherwise.
 */
export async function getSaleOrder(ctx: Context, id: number): Promise<SaleOrder> {
  const fixed = fixedBranch(ctx.session);
  const [record] = await select(
    ctx.db,
    and(eq(saleOrder.id, id), fixed === null ? undefined : eq(saleOrder.branchId, fixed)),
  );
  if (!record) throw notFound(NotFound.saleOrder);
  return record;
}

const spec = listSpec(saleOrderRoutes.list.list, {
  sortable: {
    orderNumber: saleOrder.orderNumber,
    name: saleOrder.name,
    note: saleOrder.note,
    branch: branch.name,
    totalAmount: saleOrder.totalAmount,
    created_at: saleOrder.createdAt,
  },
  searchable: {
    // 'SO-000042', 'so42' or '42': the order of that number; other text finds none by number.
    orderNumber: {
      match: (value: string) => {
        const number = parseOrderNumber('saleOrder', value);
        return number === null ? sql`false` : eq(saleOrder.orderNumber, number);
      },
    },
    // Phones are stored as digits: '(664) 123' finds '664123…'.
    phone: {
      indexed: { searched: saleOrder.phone, key: saleOrder.id },
      match: (value: string) => {
        const digits = value.replace(/\D/g, '');
        return digits === '' ? sql`false` : searchLike(saleOrder.phone, digits);
      },
    },
    rfc: saleOrder.rfc,
    name: saleOrder.name,
    note: saleOrder.note,
  },
  deletedAt: saleOrder.deletedAt,
  tieBreaker: saleOrder.id,
  branch: saleOrder.branchId,
});

/**
 * GET /sale-order: roles fixed to a branch see its orders (the `branchId` filter cannot widen
 * that); search by number (with or without SO), phone, RFC, business name and note number;
 * filters by branch and creation day (Tijuana).
 */
export async function listSaleOrders(ctx: Context, query: z.output<typeof saleOrderQuery>) {
  const page = await listPage<typeof headColumns, Head>(ctx, spec, query, {
    columns: headColumns,
    from: fromOrders,
    filters: [
      query.branchId ? eq(saleOrder.branchId, query.branchId) : undefined,
      ...withinDays(saleOrder.createdAt, query.startDate, query.endDate, DEFAULT_TIME_ZONE),
    ],
  });
  return { meta: page.meta, items: await presentOrders(ctx.db, page.items) };
}
