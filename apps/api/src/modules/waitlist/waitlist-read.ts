import { and, desc, eq, gte, lte, sql, type AnyColumn } from 'drizzle-orm';
import type { z } from 'zod';
import {
  NotFound,
  waitlistRoutes,
  type WaitlistDetail,
  type WaitlistOffer,
  type WaitlistRecord,
  type WaitlistStatus,
  type waitlistQuery,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import {
  branch,
  cabin,
  customer,
  treatment,
  user,
  waitlistEntry,
  waitlistOffer,
} from '../../db/schema';
import type { Context } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { jsonFirst } from '../../platform/json-rows';
import { listPage, listSpec, searchLike } from '../../platform/list';
import { fixedBranch } from '../../platform/write';
import { offerLink } from '../reminders/appointment-link';

/**
 * The waitlist as staff read it (CONTRACT §15): a page of entries with their open offer, and one
 * entry with every offer it had. Offers carry their link `/oferta/{token}`, signed with the
 * server's key.
 */

const hhmm = (column: AnyColumn) => sql<string | null>`to_char(${column}, 'HH24:MI')`;

type OfferRow = Omit<WaitlistOffer, 'link'>;

/** An offer's columns as JSON, from `waitlist_offer o` joined to its hold and cabin. */
const offerShape = {
  id: sql`o.id`,
  appointmentId: sql`o.appointment_id`,
  date: sql`a.date::text`,
  startTime: sql`to_char(a.start_time, 'HH24:MI')`,
  endTime: sql`to_char(a.end_time, 'HH24:MI')`,
  cabain: { id: sql`c.id`, name: sql`c.name` },
  expiresAt: sql`to_char(o.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  status: sql`o.status`,
};
const offersFrom = sql`FROM waitlist_offer o JOIN appointment a ON a.id = o.appointment_id
  JOIN cabin c ON c.id = o.cabin_id WHERE o.entry_id = ${waitlistEntry.id}`;

export const entryColumns = {
  id: waitlistEntry.id,
  customerRowId: customer.id,
  customerNumber: customer.customerId,
  customerName: customer.name,
  customerLastName: customer.lastName,
  customerMotherLastName: customer.motherLastName,
  customerMobile: customer.mobilePhone,
  branchId: branch.id,
  branchName: branch.name,
  treatmentId: treatment.id,
  treatmentName: treatment.name,
  fromDate: waitlistEntry.fromDate,
  toDate: waitlistEntry.toDate,
  timeFrom: hhmm(waitlistEntry.timeFrom),
  timeTo: hhmm(waitlistEntry.timeTo),
  appointmentMethod: waitlistEntry.appointmentMethod,
  notes: waitlistEntry.notes,
  status: waitlistEntry.status,
  offer: jsonFirst<OfferRow>(offerShape, sql`${offersFrom} AND o.status = 'open'`, [sql`o.id`]),
  userId: user.id,
  userName: sql<string | null>`concat_ws(' ', ${user.name}, ${user.lastName})`,
  createdAt: waitlistEntry.createdAt,
};

export interface EntryRow {
  id: number;
  customerRowId: number;
  customerNumber: number;
  customerName: string;
  customerLastName: string;
  customerMotherLastName: string | null;
  customerMobile: string | null;
  branchId: number;
  branchName: string;
  treatmentId: number;
  treatmentName: string;
  fromDate: string;
  toDate: string;
  timeFrom: string | null;
  timeTo: string | null;
  appointmentMethod: string;
  notes: string | null;
  status: string;
  offer: OfferRow | null;
  userId: number | null;
  userName: string | null;
  createdAt: Date;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function fromEntries<S extends { from: (...args: any[]) => any }>(select: S) {
  return select
    .from(waitlistEntry)
    .innerJoin(customer, eq(customer.id, waitlistEntry.customerId))
    .innerJoin(branch, eq(branch.id, waitlistEntry.branchId))
    .innerJoin(treatment, eq(treatment.id, waitlistEntry.treatmentId))
    .leftJoin(user, eq(user.id, waitlistEntry.userId));
}

const withLink = (key: Uint8Array, offer: OfferRow): WaitlistOffer => ({
  ...offer,
  link: offerLink(key, offer.id),
});

export function presentEntry(key: Uint8Array, row: EntryRow): WaitlistRecord {
  return {
    id: row.id,
    customer: {
      id: row.customerRowId,
      customerId: row.customerNumber,
      name: row.customerName,
      lastName: row.customerLastName,
      motherLastName: row.customerMotherLastName,
      mobilePhone: row.customerMobile,
    },
    branch: { id: row.branchId, name: row.branchName },
    treatment: { id: row.treatmentId, name: row.treatmentName },
    fromDate: row.fromDate,
    toDate: row.toDate,
    timeFrom: row.timeFrom,
    timeTo: row.timeTo,
    appointmentMethod: row.appointmentMethod as WaitlistRecord['appointmentMethod'],
    notes: row.notes,
    status: row.status as WaitlistStatus,
    offer: row.offer ? withLink(key, row.offer) : null,
    user: row.userId === null ? null : { id: row.userId, name: row.userName ?? '' },
    created_at: row.createdAt.toISOString(),
  };
}

const customerName = sql`(${customer.name} || ' ' || ${customer.lastName} || ' ' || coalesce(${customer.motherLastName}, ''))`;

const spec = listSpec(waitlistRoutes.list.list, {
  sortable: {
    created_at: waitlistEntry.createdAt,
    fromDate: waitlistEntry.fromDate,
    toDate: waitlistEntry.toDate,
    status: waitlistEntry.status,
    id: waitlistEntry.id,
  },
  searchable: {
    customer: {
      match: (value: string) =>
        sql`${waitlistEntry.customerId} = ANY(ARRAY(SELECT ${customer.id} FROM ${customer} WHERE ${searchLike(customerName, value)}))`,
    },
  },
  tieBreaker: waitlistEntry.id,
  branch: waitlistEntry.branchId,
});

type Query = Omit<z.output<typeof waitlistQuery>, 'status'> & { status?: WaitlistStatus };

/** GET /waitlist. */
export async function listWaitlist(ctx: Context, key: Uint8Array, query: Query) {
  const page = await listPage<typeof entryColumns, EntryRow>(
    ctx,
    spec,
    { ...query, status: undefined },
    {
      columns: entryColumns,
      from: (select) => fromEntries(select).$dynamic(),
      filters: [
        query.branchId ? eq(waitlistEntry.branchId, query.branchId) : undefined,
        query.customerId ? eq(waitlistEntry.customerId, query.customerId) : undefined,
        query.treatmentId ? eq(waitlistEntry.treatmentId, query.treatmentId) : undefined,
        query.status ? eq(waitlistEntry.status, query.status) : undefined,
        query.date ? lte(waitlistEntry.fromDate, query.date) : undefined,
        query.date ? gte(waitlistEntry.toDate, query.date) : undefined,
      ],
    },
  );
  return { meta: page.meta, items: page.items.map((row) => presentEntry(key, row)) };
}

/** One entry (no scope: the caller has checked it). */
export async function readEntry(db: Executor, key: Uint8Array, id: number) {
  const [row] = (await fromEntries(db.select(entryColumns)).where(
    eq(waitlistEntry.id, id),
  )) as unknown as EntryRow[];
  if (!row) throw notFound(NotFound.waitlistEntry);
  return presentEntry(key, row);
}

/** GET /waitlist/{id}: with every offer, latest first; a fixed role reaches its branch's only. */
export async function getEntry(ctx: Context, key: Uint8Array, id: number): Promise<WaitlistDetail> {
  const fixed = fixedBranch(ctx.session);
  const [row] = (await fromEntries(ctx.db.select(entryColumns)).where(
    and(eq(waitlistEntry.id, id), fixed === null ? undefined : eq(waitlistEntry.branchId, fixed)),
  )) as unknown as EntryRow[];
  if (!row) throw notFound(NotFound.waitlistEntry);
  const offers = await ctx.db
    .select({
      id: waitlistOffer.id,
      appointmentId: waitlistOffer.appointmentId,
      date: waitlistOffer.date,
      startTime: sql<string>`(SELECT to_char(start_time, 'HH24:MI') FROM appointment WHERE id = ${waitlistOffer.appointmentId})`,
      endTime: sql<string>`(SELECT to_char(end_time, 'HH24:MI') FROM appointment WHERE id = ${waitlistOffer.appointmentId})`,
      cabinId: cabin.id,
      cabinName: cabin.name,
      expiresAt: waitlistOffer.expiresAt,
      status: waitlistOffer.status,
    })
    .from(waitlistOffer)
    .innerJoin(cabin, eq(cabin.id, waitlistOffer.cabinId))
    .where(eq(waitlistOffer.entryId, id))
    .orderBy(desc(waitlistOffer.id));
  return {
    ...presentEntry(key, row),
    offers: offers.map((offer) =>
      withLink(key, {
        id: offer.id,
        appointmentId: offer.appointmentId,
        date: offer.date,
        startTime: offer.startTime,
        endTime: offer.endTime,
        cabain: { id: offer.cabinId, name: offer.cabinName },
        expiresAt: offer.expiresAt.toISOString(),
        status: offer.status as WaitlistOffer['status'],
      }),
    ),
  };
}
