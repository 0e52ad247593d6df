import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  DEFAULT_TIME_ZONE,
  NotFound,
  assortmentOrderRoutes,
  formatOrderNumber,
  parseOrderNumber,
  type AssortmentOrderRecord,
  type FlowStatus,
  type assortmentOrderQuery,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import {
  assortmentOrder,
  assortmentOrderProduct,
  branch,
  product,
  stock,
  user,
} from '../../db/schema';
import { audit, changesBetween } from '../../platform/audit';
import { actorOf, type Context } from '../../platform/context';
import { listPage, listSpec, searchLike, withinDays } from '../../platform/list';
import { found, inScope, resource } from '../../platform/write';
import { iso } from '../../platform/rows';

/**
 * Assortment orders (CEDIS → branch, CONTRACT §9) as the API answers them, their list, and the
 * audit entries of their transitions. The branch scope is the receiving branch: a role fixed to
 * its branch sees and changes only the orders of its own.
 */
export const assortmentOrders = resource({
  table: assortmentOrder,
  module: 'assortmentOrder',
  notFound: NotFound.assortmentOrder,
  branch: assortmentOrder.branchId,
});

export type AssortmentOrder = AssortmentOrderRecord;
type Line = AssortmentOrder['assortmentOrderProducts'][number];

const folio = (orderNumber: number) => formatOrderNumber('assortmentOrder', orderNumber);

const creator = alias(user, 'order_creator');
const approver = alias(user, 'order_approver');
const receiver = alias(user, 'order_receiver');
const rejecter = alias(user, 'order_rejecter');
const origin = alias(branch, 'order_origin');

const personOf = (table: Record<'id' | 'name' | 'lastName' | 'motherLastName', AnyPgColumn>) => ({
  id: table.id,
  name: table.name,
  lastName: table.lastName,
  motherLastName: table.motherLastName,
});

const orderColumns = {
  id: assortmentOrder.id,
  orderNumber: assortmentOrder.orderNumber,
  orderType: assortmentOrder.orderType,
  status: assortmentOrder.status,
  branch: { id: branch.id, name: branch.name },
  originBranchId: assortmentOrder.originBranchId,
  originName: origin.name,
  orderBy: personOf(creator),
  approvedBy: personOf(approver),
  receivedBy: personOf(receiver),
  rejectedBy: personOf(rejecter),
  comments: assortmentOrder.comments,
  rejectReason: assortmentOrder.rejectReason,
  hasDifference: assortmentOrder.hasDifference,
  createdAt: assortmentOrder.createdAt,
  approvedAt: assortmentOrder.approvedAt,
  sentAt: assortmentOrder.sentAt,
  finishedAt: assortmentOrder.finishedAt,
  rejectedAt: assortmentOrder.rejectedAt,
  deletedAt: assortmentOrder.deletedAt,
};

type OrderRow = {
  id: number;
  orderNumber: number;
  orderType: string;
  status: string;
  branch: { id: number; name: string };
  originBranchId: number | null;
  originName: string | null;
  orderBy: AssortmentOrder['orderBy'];
  approvedBy: AssortmentOrder['orderBy'];
  receivedBy: AssortmentOrder['orderBy'];
  rejectedBy: AssortmentOrder['orderBy'];
  comments: string | null;
  rejectReason: string | null;
  hasDifference: boolean;
  createdAt: Date;
  approvedAt: Date | null;
  sentAt: Date | null;
  finishedAt: Date | null;
  rejectedAt: Date | null;
  deletedAt: Date | null;
};

/** The FROM of an order with its branches and people, for the detail and the list. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const orderFrom = (select: any) =>
  select
    .from(assortmentOrder)
    .innerJoin(branch, eq(branch.id, assortmentOrder.branchId))
    .leftJoin(origin, eq(origin.id, assortmentOrder.originBranchId))
    .leftJoin(creator, eq(creator.id, assortmentOrder.createdBy))
    .leftJoin(approver, eq(approver.id, assortmentOrder.approvedBy))
    .leftJoin(receiver, eq(receiver.id, assortmentOrder.receivedBy))
    .leftJoin(rejecter, eq(rejecter.id, assortmentOrder.rejectedBy))
    .$dynamic();

/** The lines of some orders, each with its product and the CEDIS lot it was served from. */
async function linesOf(executor: Executor, ids: number[]): Promise<Map<number, Line[]>> {
  const byOrder = new Map<number, Line[]>();
  if (ids.length === 0) return byOrder;
  const rows = await executor
    .select({
      orderId: assortmentOrderProduct.assortmentOrderId,
      id: assortmentOrderProduct.id,
      productId: assortmentOrderProduct.productId,
      product: { id: product.id, name: product.name, sku: product.sku },
      stockId: assortmentOrderProduct.stockId,
      allotment: stock.allotment,
      expiresIn: stock.expiresIn,
      orderedQuantity: assortmentOrderProduct.orderedQuantity,
      stockedQuantity: assortmentOrderProduct.stockedQuantity,
      receivedQuantity: assortmentOrderProduct.receivedQuantity,
    })
    .from(assortmentOrderProduct)
    .innerJoin(product, eq(product.id, assortmentOrderProduct.productId))
    .leftJoin(stock, eq(stock.id, assortmentOrderProduct.stockId))
    .where(inArray(assortmentOrderProduct.assortmentOrderId, ids))
    .orderBy(asc(assortmentOrderProduct.id));
  for (const row of rows) {
    const line: Line = {
      id: row.id,
      productId: row.productId,
      product: row.product,
      stockId: row.stockId,
      productStock:
        row.stockId === null
          ? null
          : { id: row.stockId, allotment: row.allotment ?? '', expiresIn: row.expiresIn },
      orderedQuantity: row.orderedQuantity,
      stockedQuantity: row.stockedQuantity,
      receivedQuantity: row.receivedQuantity,
    };
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), line]);
  }
  return byOrder;
}

const personOrNull = (person: AssortmentOrder['orderBy']) =>
  person && person.id !== null ? person : null;

/** Orders as the API answers them, lines included, in the order of `rows`. */
async function present(executor: Executor, rows: OrderRow[]): Promise<AssortmentOrder[]> {
  const lines = await linesOf(
    executor,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.orderNumber,
    folio: folio(row.orderNumber),
    orderType: row.orderType as AssortmentOrder['orderType'],
    status: row.status as FlowStatus,
    branch: row.branch,
    originBranch:
      row.originBranchId === null ? null : { id: row.originBranchId, name: row.originName ?? '' },
    orderBy: personOrNull(row.orderBy),
    approvedBy: personOrNull(row.approvedBy),
    receivedBy: personOrNull(row.receivedBy),
    rejectedBy: personOrNull(row.rejectedBy),
    comments: row.comments,
    rejectReason: row.rejectReason,
    hasDifference: row.hasDifference,
    created_at: row.createdAt.toISOString(),
    approvedAt: iso(row.approvedAt),
    sentAt: iso(row.sentAt),
    finishedAt: iso(row.finishedAt),
    rejectedAt: iso(row.rejectedAt),
    deleted_at: iso(row.deletedAt),
    assortmentOrderProducts: lines.get(row.id) ?? [],
  }));
}

async function selectOrders(
  executor: Executor,
  where: SQL | undefined,
): Promise<AssortmentOrder[]> {
  const rows = (await orderFrom(executor.select(orderColumns)).where(where)) as OrderRow[];
  return present(executor, rows);
}

/** An order by id as it is now (deleted or not), inside the caller's transaction. */
export async function readAssortmentOrder(executor: Executor, id: number) {
  return (await selectOrders(executor, eq(assortmentOrder.id, id)))[0]!;
}

/**
 * GET /assortment-order/{id}: an order the caller may reach, deleted ones included (a deleted
 * order still opens, read-only, from the list with `withDeleted`); another branch's is 404.
 */
export async function getAssortmentOrder(ctx: Context, id: number): Promise<AssortmentOrder> {
  const rows = await selectOrders(
    ctx.db,
    and(eq(assortmentOrder.id, id), inScope(ctx.session, assortmentOrder.branchId)),
  );
  return found(assortmentOrders, rows[0]);
}

const spec = listSpec(assortmentOrderRoutes.list.list, {
  sortable: {
    orderNumber: assortmentOrder.orderNumber,
    orderType: assortmentOrder.orderType,
    branch: branch.name,
    status: assortmentOrder.status,
    created_at: assortmentOrder.createdAt,
  },
  searchable: {
    // 'OR-000042', 'or42' or '42': the number, with or without its prefix (CONTRACT §9).
    orderNumber: {
      match: (value) => {
        const number = parseOrderNumber('assortmentOrder', value);
        return number === null ? sql`false` : eq(assortmentOrder.orderNumber, number);
      },
    },
    // Branches are few: their ids are found first, so the orders' own indexes serve the rest.
    branch: {
      match: (value) =>
        sql`${assortmentOrder.branchId} IN (SELECT ${branch.id} FROM ${branch} WHERE ${searchLike(branch.name, value)})`,
    },
    orderType: assortmentOrder.orderType,
  },
  deletedAt: assortmentOrder.deletedAt,
  tieBreaker: assortmentOrder.id,
  branch: assortmentOrder.branchId,
  countCap: 10_000,
});

/**
 * GET /assortment-order: branch-fixed roles see their branch's orders; filters branchId,
 * orderStatus, orderType and the creation dates (Tijuana days, spec 001 §1); the default search
 * finds an order by its number, with or without 'OR', or by its branch's name.
 */
export async function listAssortmentOrders(
  ctx: Context,
  query: z.output<typeof assortmentOrderQuery>,
) {
  const page = await listPage<typeof orderColumns, OrderRow>(ctx, spec, query, {
    columns: orderColumns,
    from: orderFrom,
    filters: [
      query.branchId ? eq(assortmentOrder.branchId, query.branchId) : undefined,
      query.orderStatus ? eq(assortmentOrder.status, query.orderStatus) : undefined,
      query.orderType ? eq(assortmentOrder.orderType, query.orderType) : undefined,
      ...withinDays(assortmentOrder.createdAt, query.startDate, query.endDate, DEFAULT_TIME_ZONE),
    ],
  });
  return { meta: page.meta, items: await present(ctx.db, page.items) };
}

/** The live distribution centre the units leave from (the first, should there be several). */
export async function distributionCentre(executor: Executor): Promise<number | null> {
  const [row] = await executor
    .select({ id: branch.id })
    .from(branch)
    .where(and(eq(branch.distributionCenter, true), isNull(branch.deletedAt)))
    .orderBy(asc(branch.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * What the history shows of an order itself, beside each line's own fields: keyed as the bodies
 * name them where they do (`orderType`, `branchId`, `comments`, `reason`), so the history labels
 * them as the forms do (`auditFieldLabels`), with readable values (the branch's name).
 */
function orderFields(order: AssortmentOrder | null) {
  if (!order) return null;
  const name = (person: AssortmentOrder['orderBy']) =>
    person ? [person.name, person.lastName, person.motherLastName].filter(Boolean).join(' ') : null;
  return {
    orderType: order.orderType,
    status: order.status,
    branchId: order.branch.name,
    originBranch: order.originBranch?.name ?? null,
    comments: order.comments,
    reason: order.rejectReason,
    hasDifference: order.hasDifference,
    approvedBy: name(order.approvedBy),
    receivedBy: name(order.receivedBy),
    rejectedBy: name(order.rejectedBy),
    approvedAt: order.approvedAt,
    sentAt: order.sentAt,
    finishedAt: order.finishedAt,
    rejectedAt: order.rejectedAt,
    deletedAt: order.deleted_at,
  };
}

/** A line's fields by the bodies' paths ('assortmentOrderProducts.stockedQuantity'). */
function lineFields(line: Line | undefined) {
  if (!line) return null;
  const key = (field: string) => `assortmentOrderProducts.${field}`;
  return {
    [key('productId')]: `${line.product.sku} ${line.product.name}`,
    [key('stockId')]: line.productStock?.allotment ?? null,
    [key('orderedQuantity')]: line.orderedQuantity,
    [key('stockedQuantity')]: line.stockedQuantity,
    [key('receivedQuantity')]: line.receivedQuantity,
  };
}

/**
 * The audit entries of a transition (CONTRACT §5, §9): one per line of the order before or after
 * it, each naming the order's number, the line's lot and product, the distribution centre as
 * origin and the branch as destination, with what changed of the order and of that line. A line
 * and an order that did not change write nothing.
 */
export async function auditTransition(
  tx: Executor,
  ctx: Context,
  action: 'create' | 'update' | 'approve' | 'confirm' | 'reject' | 'delete',
  before: AssortmentOrder | null,
  after: AssortmentOrder,
  now: Date,
): Promise<void> {
  const orderChanges = changesBetween(orderFields(before), orderFields(after));
  const previous = new Map((before?.assortmentOrderProducts ?? []).map((line) => [line.id, line]));
  const current = new Map(after.assortmentOrderProducts.map((line) => [line.id, line]));
  const ids = [...new Set([...previous.keys(), ...current.keys()])].sort((a, b) => a - b);
  const originBranchId = after.originBranch?.id ?? (await distributionCentre(tx));
  for (const id of ids) {
    const was = previous.get(id);
    const is = current.get(id);
    const changes = { ...orderChanges, ...changesBetween(lineFields(was), lineFields(is)) };
    if (Object.keys(changes).length === 0) continue;
    const line = (is ?? was)!;
    await audit(
      tx,
      actorOf(ctx, after.branch.id),
      {
        module: assortmentOrders.module,
        action,
        recordId: after.id,
        changes,
        stockId: line.stockId,
        productId: line.productId,
        originBranchId,
        destinationBranchId: after.branch.id,
        order: after.folio,
      },
      now,
    );
  }
}
