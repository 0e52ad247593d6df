import { and, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ADULT_AGE,
  BadRequest,
  Conflict,
  NotFound,
  customerAgeErrors,
  customerRoutes,
  localDay,
  type customerBody,
  type customerQuery,
  type customerRecord,
  type customerSingleQuery,
  type customerUpdateBody,
} from '@clinica/domain';
import type { Executor, Tx } from '../../db/client';
import { branch, customer } from '../../db/schema';
import { customerSearch } from './customer-search';
import type { Context } from '../../platform/context';
import { AppError, conflict, invalid, notFound } from '../../platform/errors';
import { listPage, listSpec } from '../../platform/list';
import {
  branchForWrite,
  createRecord,
  deleteRecord,
  found,
  live,
  resource,
  sentOnly,
  setColumns,
  updateRecord,
} from '../../platform/write';
import { loyaltyOf } from './purchases';

/** Customers belong to the chain (CONTRACT §10): no branch scope, every branch sees them all. */
export const customers = resource({
  table: customer,
  module: 'clients',
  notFound: NotFound.customer,
});

type CustomerRecord = z.output<typeof customerRecord>;
type Row = Omit<typeof customer.$inferSelect, 'nameFolded' | 'emailFolded'> & {
  registryBranchName: string;
};

/** The stored search folds stay in the database: neither answered nor audited. */
const {
  nameFolded: _nameFolded,
  emailFolded: _emailFolded,
  ...customerColumns
} = getTableColumns(customer);
const columns = { ...customerColumns, registryBranchName: branch.name };

async function tutorsOf(executor: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, CustomerRecord['tutor']>();
  const rows = await executor
    .select({
      id: customer.id,
      customerId: customer.customerId,
      name: customer.name,
      lastName: customer.lastName,
      motherLastName: customer.motherLastName,
      mobilePhone: customer.mobilePhone,
    })
    .from(customer)
    .where(inArray(customer.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Rows as the API answers them, each with its level on `now` (`purchases.ts`, one source). */
async function present(executor: Executor, rows: Row[], now: Date): Promise<CustomerRecord[]> {
  const tutors = await tutorsOf(executor, [
    ...new Set(rows.flatMap((row) => (row.tutorId ? [row.tutorId] : []))),
  ]);
  const loyalty = await loyaltyOf(
    executor,
    rows.map((row) => row.id),
    now,
  );
  return rows.map((row) => {
    const {
      createdAt,
      updatedAt: _updatedAt,
      deletedAt,
      registryBranchId,
      registryBranchName,
      gender,
      maritalStatus,
      ...fields
    } = row;
    return {
      ...fields,
      gender: gender as CustomerRecord['gender'],
      maritalStatus: maritalStatus as CustomerRecord['maritalStatus'],
      tutor: row.tutorId ? (tutors.get(row.tutorId) ?? null) : null,
      loyaltyScale: loyalty.get(row.id)!.loyaltyScale,
      registryBranch: { id: registryBranchId, name: registryBranchName },
      created_at: createdAt.toISOString(),
      deleted_at: deletedAt ? deletedAt.toISOString() : null,
    };
  });
}

const selectCustomers = (executor: Executor, where: SQL | undefined) =>
  executor
    .select(columns)
    .from(customer)
    .innerJoin(branch, eq(branch.id, customer.registryBranchId))
    .where(where);

async function readCustomer(executor: Executor, id: number, now: Date): Promise<CustomerRecord> {
  const rows = await selectCustomers(executor, eq(customer.id, id));
  return (await present(executor, rows, now))[0]!;
}

/** The record a write answers and audits, its level on the write's clock. */
const readerAt = (ctx: Context) => (executor: Executor, id: number) =>
  readCustomer(executor, id, ctx.clock.now());

/** Today in the zone of a branch (CONTRACT §8), the day ages are counted on. */
async function todayAt(executor: Executor, ctx: Context, branchId: number | null) {
  const [row] = branchId
    ? await executor.select({ zone: branch.zone }).from(branch).where(eq(branch.id, branchId))
    : [];
  return localDay(ctx.clock.now(), row?.zone ?? 'America/Tijuana');
}

const spec = listSpec(customerRoutes.list.list, {
  sortable: {
    customerId: customer.customerId,
    name: customer.name,
    lastName: customer.lastName,
    birthday: customer.birthday,
    points: customer.points,
    cancellations: customer.cancellations,
    created_at: customer.createdAt,
  },
  searchable: {
    ...customerSearch,
    customerId: {
      match: (value) =>
        /^\d{1,9}$/.test(value) ? eq(customer.customerId, Number(value)) : sql`false`,
    },
  },
  active: customer.status,
  deletedAt: customer.deletedAt,
  tieBreaker: customer.id,
  // The first page of 300,000 customers never counts them all (250 ms on the bench): past 10,000
  // the planner's estimate stands in, as for the log.
  countCap: 10_000,
});

/** The day a customer born on it turns 18 today or earlier: birthdays on or before it are adults. */
const adultBornBy = (today: string) => {
  const [y, m, d] = today.split('-');
  // Feb 29 of a leap year 18 years back has no match in a common year: Mar 1 is not yet reached.
  return `${Number(y) - ADULT_AGE}-${m}-${d}`;
};

/** GET /customer: search by name, phones or e-mail; the tutor picker's filters. */
export async function listCustomers(ctx: Context, query: z.output<typeof customerQuery>) {
  const filters: (SQL | undefined)[] = [
    query.isTutor ? eq(customer.isTutor, Number(query.isTutor)) : undefined,
    query.blackList ? eq(customer.blackList, Number(query.blackList)) : undefined,
    query.registryBranchId ? eq(customer.registryBranchId, query.registryBranchId) : undefined,
    query.gender ? eq(customer.gender, query.gender) : undefined,
  ];
  if (query.adult) {
    const bornBy = adultBornBy(await todayAt(ctx.db, ctx, ctx.session.branchId));
    filters.push(
      query.adult === '1'
        ? sql`${customer.birthday} <= ${bornBy}::date`
        : sql`${customer.birthday} > ${bornBy}::date`,
    );
  }
  const page = await listPage<typeof columns, Row>(ctx, spec, query, {
    columns,
    from: (select) =>
      select.from(customer).innerJoin(branch, eq(branch.id, customer.registryBranchId)).$dynamic(),
    filters,
  });
  return { meta: page.meta, items: await present(ctx.db, page.items, ctx.clock.now()) };
}

export async function getCustomer(ctx: Context, id: number): Promise<CustomerRecord> {
  const rows = await selectCustomers(ctx.db, live(ctx, customers, id));
  return (await present(ctx.db, [found(customers, rows[0])], ctx.clock.now()))[0]!;
}

/** GET /customer/single: by mobile, e-mail or customer number (the point of sale). */
export async function findCustomer(ctx: Context, query: z.output<typeof customerSingleQuery>) {
  const by = query.customerId
    ? eq(customer.customerId, query.customerId)
    : query.mobilePhone
      ? eq(customer.mobilePhone, query.mobilePhone)
      : eq(customer.email, query.email!);
  const rows = await selectCustomers(ctx.db, and(by, isNull(customer.deletedAt)));
  return (await present(ctx.db, [found(customers, rows[0])], ctx.clock.now()))[0]!;
}

type Fields = Partial<z.output<typeof customerUpdateBody>>;

/**
 * The tutor of a minor: a live adult customer with isTutor 1 and blackList 0, locked `FOR SHARE`
 * so a concurrent edit cannot blacklist them or take away their tutor flag before the link commits.
 */
async function checkTutor(tx: Tx, tutorId: number, self: number | null, today: string) {
  const [tutor] = await tx
    .select({
      isTutor: customer.isTutor,
      blackList: customer.blackList,
      birthday: customer.birthday,
    })
    .from(customer)
    .where(and(eq(customer.id, tutorId), isNull(customer.deletedAt)))
    .for('share');
  const refuse = (message: string) => invalid({ field: 'tutorId', message });
  if (!tutor || tutorId === self) throw refuse('El tutor no existe');
  if (tutor.blackList === 1) throw refuse('Un cliente en lista negra no puede ser tutor');
  if (tutor.isTutor !== 1) throw refuse('El cliente elegido no está marcado como tutor');
  if (tutor.birthday > adultBornBy(today)) throw refuse('El tutor debe ser mayor de 18 años');
}

/** Every rule of CONTRACT §10 on the customer as it will be stored, on the branch's today. */
async function checkCustomer(
  tx: Tx,
  merged: Fields & { birthday: string },
  self: number | null,
  today: string,
) {
  const errors = customerAgeErrors(merged, today);
  if (errors.length > 0) throw invalid(...errors);
  const adult = merged.birthday <= adultBornBy(today);
  if (!adult && merged.tutorId) await checkTutor(tx, merged.tutorId, self, today);
}

/** What the stored row holds: an adult keeps no tutor; a flag sent as boolean is stored 0/1. */
function stored(fields: Fields, adult: boolean) {
  const { isTutor, status, blackList, ...rest } = fields;
  return {
    ...rest,
    ...(isTutor === undefined ? {} : { isTutor: isTutor ? 1 : 0 }),
    ...(status === undefined ? {} : { status }),
    ...(blackList === undefined ? {} : { blackList: blackList ? 1 : 0 }),
    ...(adult ? { tutorId: null, relationship: null } : {}),
  };
}

const createViolations = {
  customer_mobile_unique: new AppError(400, BadRequest.mobileExists),
  customer_email_unique: conflict(Conflict.emailExists),
};
const updateViolations = {
  customer_mobile_unique: conflict(Conflict.duplicatePhone),
  customer_email_unique: conflict(Conflict.emailExists),
};

/** POST /customer/create: registered at the user's branch for branch-fixed roles. */
export function createCustomer(ctx: Context, body: z.output<typeof customerBody>) {
  const registryBranchId = branchForWrite(ctx, body.registryBranchId)!;
  return createRecord(ctx, customers, {
    violations: createViolations,
    read: readerAt(ctx),
    branchId: registryBranchId,
    insert: async (tx, now) => {
      const [registry] = await tx
        .select({ id: branch.id })
        .from(branch)
        .where(and(eq(branch.id, registryBranchId), isNull(branch.deletedAt)))
        .for('key share');
      if (!registry) throw notFound(NotFound.branch);
      const today = await todayAt(tx, ctx, registryBranchId);
      await checkCustomer(tx, body, null, today);
      const adult = body.birthday <= adultBornBy(today);
      const [row] = await tx
        .insert(customer)
        .values({
          ...stored(sentOnly(body) as Fields, adult),
          name: body.name,
          lastName: body.lastName,
          birthday: body.birthday,
          registryBranchId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: customer.id });
      return row!.id;
    },
  });
}

/** PUT /customer/{id}/update: the rules on the customer as it will be; status and blackList here only. */
export function updateCustomer(
  ctx: Context,
  id: number,
  body: z.output<typeof customerUpdateBody>,
) {
  const { registryBranchId, ...fields } = sentOnly(body);
  return updateRecord(ctx, customers, id, {
    violations: updateViolations,
    read: readerAt(ctx),
    apply: async (tx, before, now) => {
      const registry =
        registryBranchId === undefined ? undefined : branchForWrite(ctx, registryBranchId);
      const today = await todayAt(tx, ctx, registry ?? before.registryBranch.id);
      const merged = {
        mobilePhone: before.mobilePhone,
        isTutor: before.isTutor,
        tutorId: before.tutorId,
        relationship: before.relationship,
        ...fields,
        birthday: fields.birthday ?? before.birthday,
      } as Fields & { birthday: string };
      await checkCustomer(tx, merged, id, today);
      const adult = merged.birthday <= adultBornBy(today);
      if (fields.blackList === true || fields.isTutor === false || !adult) {
        await refuseWhileTutoring(tx, id, fields.blackList === true);
      }
      await setColumns(
        tx,
        customers,
        id,
        { ...stored(fields, adult), ...(registry ? { registryBranchId: registry } : {}) },
        now,
      );
    },
  });
}

/**
 * A customer who is the tutor of a live minor keeps being a valid tutor: they cannot be
 * blacklisted, lose the flag or become a minor while a minor names them.
 */
async function refuseWhileTutoring(tx: Tx, id: number, blacklisting: boolean) {
  const [ward] = await tx
    .select({ id: customer.id })
    .from(customer)
    .where(and(eq(customer.tutorId, id), isNull(customer.deletedAt)))
    .limit(1);
  if (ward)
    throw invalid({
      field: blacklisting ? 'blackList' : 'isTutor',
      message: 'El cliente es tutor de un menor; asigna otro tutor al menor primero',
    });
}

/** PUT|PATCH|POST /customer/{id}/clear-cancellations ('Desbanear'). */
export function clearCancellations(ctx: Context, id: number) {
  return updateRecord(ctx, customers, id, {
    read: readerAt(ctx),
    action: 'unban',
    apply: (tx, _before, now) => setColumns(tx, customers, id, { cancellations: 0 }, now),
  });
}

/** POST /customer/{id}/delete: a tutor of a live minor is kept until the minor has another. */
export function deleteCustomer(ctx: Context, id: number) {
  return deleteRecord(ctx, customers, id, (tx) => refuseWhileTutoring(tx, id, false));
}

export const customerService = {
  list: listCustomers,
  get: getCustomer,
  create: createCustomer,
  update: updateCustomer,
  remove: deleteCustomer,
};
