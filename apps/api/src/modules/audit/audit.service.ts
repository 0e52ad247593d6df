import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  DEFAULT_TIME_ZONE,
  RESOURCES,
  auditRoutes,
  type auditQuery,
  type Resource,
} from '@clinica/domain';
import { alias } from 'drizzle-orm/pg-core';
import {
  agendaLock,
  appliance,
  appointment,
  auditLog,
  branch,
  branchAppliance,
  cabin,
  cabinType,
  category,
  coupon,
  customer,
  customerNote,
  goal,
  offer,
  product,
  provider,
  role,
  setting,
  stock,
  treatment,
  user,
} from '../../db/schema';
import type { Context } from '../../platform/context';
import {
  listPage,
  listSpec,
  readSearch,
  searchFolded,
  searchLike,
  withinDays,
  type SearchMatcher,
} from '../../platform/list';

/** Names of audit modules that are not privilege resources. */
const EXTRA_MODULES: Record<string, string> = {
  auth: 'Acceso al sistema',
  branch_appliance: 'Aparatos por sucursal',
};

export function moduleName(alias: string): string {
  return RESOURCES[alias as Resource]?.name ?? EXTRA_MODULES[alias] ?? alias;
}

/** The log's columns for the fields its route declares; `user` is matched per request. */
const fields = {
  sortable: {
    created_at: auditLog.createdAt,
    id: auditLog.id,
    module: auditLog.module,
    action: auditLog.action,
  },
  // Their folds are stored (generated columns, migration log_folded_search).
  searchable: {
    module: searchFolded(auditLog.moduleFolded),
    action: searchFolded(auditLog.actionFolded),
    detail: searchFolded(auditLog.detailFolded),
  },
  tieBreaker: auditLog.id,
  branch: auditLog.branchId,
};

/**
 * The log's list, declared once; its `user` field is replaced per request by the users matching
 * the search. The log grows without end, so its count stops at 10,000 entries and is estimated
 * beyond, and it pages by keyset (`after`) as well as by page.
 */
const logSpec = listSpec(auditRoutes.list.list, {
  ...fields,
  searchable: { ...fields.searchable, user: { match: () => sql`false` } },
  countCap: 10_000,
  keyset: true,
});

/**
 * The log's `user` search field. The users whose e-mail matches are looked up first (a short
 * table), so the log is filtered by user id: with the detail's trigram index and the user index,
 * a search of both fields never reads every entry.
 */
async function usersMatching(ctx: Context, search: string | undefined): Promise<SearchMatcher> {
  const term = readSearch(search);
  const searched = term && (term.field === undefined || term.field === 'user');
  const ids = searched
    ? (
        await ctx.db.select({ id: user.id }).from(user).where(searchLike(user.username, term.value))
      ).map((row) => row.id)
    : [];
  const condition = ids.length > 0 ? inArray(auditLog.userId, ids) : sql`false`;
  return { match: () => condition };
}

/** How each module's records are named in the log: the column (or expression) and its table. */
const RECORD_NAMES: Record<string, { table: PgTable; id: PgColumn; name: SQL<string> }> = {
  branch: { table: branch, id: branch.id, name: sql<string>`${branch.name}` },
  cabain: { table: cabin, id: cabin.id, name: sql<string>`${cabin.name}` },
  cabain_types: { table: cabinType, id: cabinType.id, name: sql<string>`${cabinType.name}` },
  category: { table: category, id: category.id, name: sql<string>`${category.name}` },
  providers: { table: provider, id: provider.id, name: sql<string>`${provider.name}` },
  products: { table: product, id: product.id, name: sql<string>`${product.name}` },
  treatments: { table: treatment, id: treatment.id, name: sql<string>`${treatment.name}` },
  appliances: { table: appliance, id: appliance.id, name: sql<string>`${appliance.name}` },
  branch_appliance: {
    table: branchAppliance,
    id: branchAppliance.id,
    name: sql<string>`${branchAppliance.sku}`,
  },
  role: { table: role, id: role.id, name: sql<string>`${role.role}` },
  users: {
    table: user,
    id: user.id,
    name: sql<string>`concat_ws(' ', ${user.name}, ${user.lastName}, ${user.motherLastName})`,
  },
  // A goal is its branch's month: 'Meta de Zona Río, 11/2026'.
  goal: {
    table: goal,
    id: goal.id,
    name: sql<string>`'Meta de ' || (SELECT ${branch.name} FROM ${branch} WHERE ${branch.id} = ${goal.branchId}) || ', ' || to_char(${goal.period}, 'MM/YYYY')`,
  },
  setting: { table: setting, id: setting.id, name: sql<string>`'Configuración general'` },
  // A customer by their full name; a note by its title and whose it is.
  clients: {
    table: customer,
    id: customer.id,
    name: sql<string>`concat_ws(' ', ${customer.name}, ${customer.lastName}, ${customer.motherLastName})`,
  },
  // Written by hand: a single-table select leaves its columns unqualified, which a subquery on
  // another table would read as its own.
  note: {
    table: customerNote,
    id: customerNote.id,
    name: sql<string>`${customerNote.title} || ' (' || (SELECT concat_ws(' ', c.name, c.last_name) FROM customer c WHERE c.id = customer_note.customer_id) || ')'`,
  },
  // Packages and promotions share one table; each module names its own.
  packages: { table: offer, id: offer.id, name: sql<string>`${offer.name}` },
  promotions: { table: offer, id: offer.id, name: sql<string>`${offer.name}` },
  // A coupon by its code and name: 'VERANO25 · Verano facial'.
  coupons: {
    table: coupon,
    id: coupon.id,
    name: sql<string>`${coupon.code} || ' · ' || ${coupon.name}`,
  },
  // An appointment by its number and day: 'Cita 42 · 2026-11-24 10:00'.
  agenda: {
    table: appointment,
    id: appointment.id,
    name: sql<string>`'Cita ' || ${appointment.appointmentNumber} || ' · ' || ${appointment.date} || ' ' || to_char(${appointment.startTime}, 'HH24:MI')`,
  },
  // A lock by its description.
  blockers: {
    table: agendaLock,
    id: agendaLock.id,
    name: sql<string>`${agendaLock.reasonDescription}`,
  },
};

/**
 * The names of a page's records, one query per module on it, deleted records included (the log
 * keeps naming what was removed): `module:id` → name.
 */
async function recordNames(ctx: Context, rows: { module: string; recordId: number | null }[]) {
  const wanted = new Map<string, Set<number>>();
  for (const row of rows) {
    if (row.recordId === null || !RECORD_NAMES[row.module]) continue;
    const ids = wanted.get(row.module) ?? new Set<number>();
    ids.add(row.recordId);
    wanted.set(row.module, ids);
  }
  const names = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async ([module, ids]) => {
      const source = RECORD_NAMES[module]!;
      const found = await ctx.db
        .select({ id: source.id, name: source.name })
        .from(source.table)
        .where(inArray(source.id, [...ids]));
      for (const row of found) names.set(`${module}:${String(row.id)}`, row.name);
    }),
  );
  return names;
}

const originBranch = alias(branch, 'origin_branch');
const destinationBranch = alias(branch, 'destination_branch');

const columns = {
  id: auditLog.id,
  module: auditLog.module,
  action: auditLog.action,
  recordId: auditLog.recordId,
  changes: auditLog.changes,
  detail: auditLog.detail,
  createdAt: auditLog.createdAt,
  userId: user.id,
  userName: user.name,
  userLastName: user.lastName,
  userMotherLastName: user.motherLastName,
  branchId: branch.id,
  branchName: branch.name,
  order: auditLog.orderNumber,
  stockId: stock.id,
  stockAllotment: stock.allotment,
  productId: product.id,
  productName: product.name,
  productSku: product.sku,
  originBranchId: originBranch.id,
  originBranchName: originBranch.name,
  destinationBranchId: destinationBranch.id,
  destinationBranchName: destinationBranch.name,
};

/**
 * The audit log (GET /log), filtered by module, action, user, branch, product and dates; scoped to
 * the branch. Stock-flow entries come with their lot, product, branches and order nested.
 */
export async function listAuditEntries(ctx: Context, query: z.output<typeof auditQuery>) {
  const spec = {
    ...logSpec,
    searchable: { ...logSpec.searchable, user: await usersMatching(ctx, query.search) },
  };
  const page = await listPage(ctx, spec, query, {
    columns,
    from: (select) =>
      select
        .from(auditLog)
        .leftJoin(user, eq(user.id, auditLog.userId))
        .leftJoin(branch, eq(branch.id, auditLog.branchId))
        .leftJoin(stock, eq(stock.id, auditLog.stockId))
        .leftJoin(product, eq(product.id, auditLog.productId))
        .leftJoin(originBranch, eq(originBranch.id, auditLog.originBranchId))
        .leftJoin(destinationBranch, eq(destinationBranch.id, auditLog.destinationBranchId))
        .$dynamic(),
    filters: [
      query.module ? eq(auditLog.module, query.module) : undefined,
      query.action ? eq(auditLog.action, query.action) : undefined,
      query.userId ? eq(auditLog.userId, query.userId) : undefined,
      query.branchId ? eq(auditLog.branchId, query.branchId) : undefined,
      query.productId ? eq(auditLog.productId, query.productId) : undefined,
      ...withinDays(auditLog.createdAt, query.from, query.to, DEFAULT_TIME_ZONE),
    ],
  });
  const names = await recordNames(ctx, page.items);
  return {
    meta: page.meta,
    items: page.items.map((row) => ({
      id: row.id,
      module: { name: moduleName(row.module), alias: row.module },
      action: row.action,
      recordId: row.recordId,
      // A stock flow's entry is named by its order ('OC-000042') or, for an adjustment, its product.
      recordName:
        names.get(`${row.module}:${String(row.recordId)}`) ?? row.order ?? row.productName ?? null,
      changes: row.changes,
      detail: row.detail,
      user:
        row.userId === null
          ? null
          : {
              id: row.userId,
              name: row.userName!,
              lastName: row.userLastName!,
              motherLastName: row.userMotherLastName!,
            },
      branch: row.branchId === null ? null : { id: row.branchId, name: row.branchName! },
      order: row.order,
      stock: row.stockId === null ? null : { id: row.stockId, allotment: row.stockAllotment! },
      product:
        row.productId === null
          ? null
          : { id: row.productId, name: row.productName!, sku: row.productSku! },
      originBranch:
        row.originBranchId === null
          ? null
          : { id: row.originBranchId, name: row.originBranchName! },
      destinationBranch:
        row.destinationBranchId === null
          ? null
          : { id: row.destinationBranchId, name: row.destinationBranchName! },
      created_at: row.createdAt.toISOString(),
    })),
  };
}
