import { and, asc, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  DEFAULT_TIME_ZONE,
  NotFound,
  formatOrderNumber,
  parseOrderNumber,
  transferRoutes,
  type FlowStatus,
  type transferQuery,
  type transferRecord,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { branch, product, stock, transfer, transferProduct, user } from '../../db/schema';
import type { Context } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { listPage, listSpec, searchLike, withinDays } from '../../platform/list';
import { fixedBranch, resource } from '../../platform/write';
import { iso } from '../../platform/rows';

/**
 * Transfers as the API answers them (spec 001 §3, CONTRACT §9): the header with both branches, the
 * people of each step, and the lines with their product and origin lot. A role fixed to its branch
 * reaches the transfers its branch sends or receives; any other answers 404.
 */

export type Transfer = z.input<typeof transferRecord>;

/** The branch a role fixed to one reaches: origin or destination. */
const inBranch = (branchId: number) =>
  or(eq(transfer.originBranchId, branchId), eq(transfer.destinyBranchId, branchId))!;

export const transfers = resource({
  table: transfer,
  module: 'transfers',
  notFound: NotFound.transfer,
  inBranch,
});

/** The caller's reach over transfers: null for roles that see every branch. */
export function transferScope(ctx: Pick<Context, 'session'>): SQL | undefined {
  const fixed = fixedBranch(ctx.session);
  return fixed === null ? undefined : inBranch(fixed);
}

export const folioOf = (number: number) => formatOrderNumber('transfer', number);

const origin = alias(branch, 'origin_branch');
const destiny = alias(branch, 'destiny_branch');

const headColumns = {
  id: transfer.id,
  transferNumber: transfer.transferNumber,
  status: transfer.status,
  originBranchId: transfer.originBranchId,
  destinyBranchId: transfer.destinyBranchId,
  originBranch: { id: origin.id, name: origin.name },
  destinyBranch: { id: destiny.id, name: destiny.name },
  createdById: transfer.createdBy,
  approvedById: transfer.approvedBy,
  acceptedById: transfer.acceptedBy,
  rejectedById: transfer.rejectedBy,
  comments: transfer.comments,
  rejectReason: transfer.rejectReason,
  hasDifference: transfer.hasDifference,
  createdAt: transfer.createdAt,
  approvedAt: transfer.approvedAt,
  acceptedAt: transfer.acceptedAt,
  rejectedAt: transfer.rejectedAt,
  deletedAt: transfer.deletedAt,
};
interface Head {
  id: number;
  transferNumber: number;
  status: string;
  originBranchId: number;
  destinyBranchId: number;
  originBranch: { id: number; name: string };
  destinyBranch: { id: number; name: string };
  createdById: number | null;
  approvedById: number | null;
  acceptedById: number | null;
  rejectedById: number | null;
  comments: string | null;
  rejectReason: string | null;
  hasDifference: boolean;
  createdAt: Date;
  approvedAt: Date | null;
  acceptedAt: Date | null;
  rejectedAt: Date | null;
  deletedAt: Date | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const fromTransfer = (select: any) =>
  select
    .from(transfer)
    .innerJoin(origin, eq(origin.id, transfer.originBranchId))
    .innerJoin(destiny, eq(destiny.id, transfer.destinyBranchId))
    .$dynamic();

/** The rows of a page as records: their lines and people read in one query each. */
export async function presentTransfers(executor: Executor, rows: Head[]): Promise<Transfer[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const lines = await executor
    .select({
      id: transferProduct.id,
      transferId: transferProduct.transferId,
      productId: transferProduct.productId,
      stockId: transferProduct.stockId,
      product: { id: product.id, name: product.name, sku: product.sku },
      productStock: { id: stock.id, allotment: stock.allotment, expiresIn: stock.expiresIn },
      stockedQuantity: transferProduct.stockedQuantity,
      receivedQuantity: transferProduct.receivedQuantity,
    })
    .from(transferProduct)
    .innerJoin(product, eq(product.id, transferProduct.productId))
    .innerJoin(stock, eq(stock.id, transferProduct.stockId))
    .where(inArray(transferProduct.transferId, ids))
    .orderBy(asc(transferProduct.id));
  const personIds = [
    ...new Set(
      rows
        .flatMap((row) => [row.createdById, row.approvedById, row.acceptedById, row.rejectedById])
        .filter((id): id is number => id !== null),
    ),
  ];
  const people = new Map(
    (personIds.length === 0
      ? []
      : await executor
          .select({
            id: user.id,
            name: user.name,
            lastName: user.lastName,
            motherLastName: user.motherLastName,
          })
          .from(user)
          .where(inArray(user.id, personIds))
    ).map((person) => [person.id, person]),
  );
  const person = (id: number | null) => (id === null ? null : (people.get(id) ?? null));
  return rows.map((row) => ({
    id: row.id,
    transferNumber: row.transferNumber,
    folio: folioOf(row.transferNumber),
    status: row.status as FlowStatus,
    originBranchId: row.originBranchId,
    destinyBranchId: row.destinyBranchId,
    originBranch: row.originBranch,
    destinyBranch: row.destinyBranch,
    createdBy: person(row.createdById),
    approvedBy: person(row.approvedById),
    acceptedBy: person(row.acceptedById),
    rejectedBy: person(row.rejectedById),
    comments: row.comments,
    rejectReason: row.rejectReason,
    hasDifference: row.hasDifference,
    created_at: row.createdAt.toISOString(),
    approvedAt: iso(row.approvedAt),
    acceptedAt: iso(row.acceptedAt),
    rejectedAt: iso(row.rejectedAt),
    deleted_at: iso(row.deletedAt),
    transferProducts: lines
      .filter((line) => line.transferId === row.id)
      .map(({ transferId: _transferId, ...line }) => line),
  }));
}

async function select(executor: Executor, where: SQL | undefined): Promise<Transfer[]> {
  const rows = (await fromTransfer(executor.select(headColumns)).where(where)) as Head[];
  return presentTransfers(executor, rows);
}

/** A transfer by id, as the API answers it (no scope: the caller has checked it). */
export async function readTransfer(executor: Executor, id: number): Promise<Transfer> {
  const [record] = await select(executor, eq(transfer.id, id));
  if (!record) throw notFound(NotFound.transfer);
  return record;
}

/**
 * GET /transfer/{id}: a transfer the caller reaches, deleted ones included (the form shows a
 * deleted transfer read-only, spec 001 §4); 404 code 20 otherwise.
 */
export async function getTransfer(ctx: Context, id: number): Promise<Transfer> {
  const [record] = await select(ctx.db, and(eq(transfer.id, id), transferScope(ctx)));
  if (!record) throw notFound(NotFound.transfer);
  return record;
}

/** A branch name search: the matching branches are looked up first (a short table). */
const branchNamed = (column: SQLWrapper) => ({
  match: (value: string) =>
    sql`${column} IN (SELECT b.id FROM branch b WHERE ${searchLike(sql`b.name`, value)})`,
});

const spec = listSpec(transferRoutes.list.list, {
  sortable: {
    transferNumber: transfer.transferNumber,
    originBranch: origin.name,
    destinyBranch: destiny.name,
    status: transfer.status,
    created_at: transfer.createdAt,
  },
  searchable: {
    // 'TR-000042', 'tr42', '42': by number; anything else finds none.
    transferNumber: {
      match: (value: string) => {
        const number = parseOrderNumber('transfer', value);
        return number === null ? sql`false` : eq(transfer.transferNumber, number);
      },
    },
    originBranch: branchNamed(transfer.originBranchId),
    destinyBranch: branchNamed(transfer.destinyBranchId),
  },
  deletedAt: transfer.deletedAt,
  tieBreaker: transfer.id,
});

/**
 * GET /transfer: roles fixed to a branch see the transfers it sends or receives; filters by
 * origin, destination, state and creation day (Tijuana). Asking for the deleted state shows the
 * deleted transfers.
 */
export async function listTransfers(ctx: Context, query: z.output<typeof transferQuery>) {
  const page = await listPage<typeof headColumns, Head>(
    ctx,
    spec,
    { ...query, withDeleted: query.withDeleted || query.orderStatus === 'Eliminada' },
    {
      columns: headColumns,
      from: fromTransfer,
      filters: [
        transferScope(ctx),
        query.originBranchId ? eq(transfer.originBranchId, query.originBranchId) : undefined,
        query.destinyBranchId ? eq(transfer.destinyBranchId, query.destinyBranchId) : undefined,
        query.orderStatus ? eq(transfer.status, query.orderStatus) : undefined,
        ...withinDays(transfer.createdAt, query.startDate, query.endDate, DEFAULT_TIME_ZONE),
      ],
    },
  );
  return { meta: page.meta, items: await presentTransfers(ctx.db, page.items) };
}
