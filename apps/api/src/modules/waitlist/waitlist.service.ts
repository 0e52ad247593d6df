import { and, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  Conflict,
  NotFound,
  WAITLIST_MAX_DAYS,
  addDays,
  isActiveEntry,
  localDayAndTime,
  type WaitlistBody,
  type WaitlistRecord,
  type WaitlistStatus,
} from '@clinica/domain';
import type { Tx } from '../../db/client';
import { branch, customer, treatment, waitlistEntry, waitlistOffer } from '../../db/schema';
import { audit } from '../../platform/audit';
import type { Context } from '../../platform/context';
import { conflict, invalid, notFound } from '../../platform/errors';
import { branchForWrite, fixedBranch } from '../../platform/write';
import type { Actor } from '../agenda/appointment.service';
import { acceptHold, releaseHold } from '../agenda/waitlist-hold';
import { WAITLIST_AUDIT_MODULE } from '../agenda/waitlist-offer';
import { readEntry } from './waitlist-read';

/**
 * The waitlist's changes (CONTRACT §15), each in one transaction with its audit entry: put a
 * customer on it, cancel an entry (its open hold released and offered onward), and answer an offer
 * (accept: the hold becomes the appointment; decline or expiry: released and offered onward). An
 * entry is locked `FOR UPDATE` first, then its offer, then the hold: always in that order.
 */

/** Writes the audit entry of an entry's change. */
export function auditEntry(
  tx: Tx,
  actor: { userId: number | null; branchId: number },
  entryId: number,
  action: string,
  changes: Record<string, { before: unknown; after: unknown }>,
  now: Date,
) {
  return audit(
    tx,
    actor,
    { module: WAITLIST_AUDIT_MODULE, action, recordId: entryId, changes },
    now,
  );
}

/** A clinic the entry may name, with its zone (404 code 6). */
async function clinicZone(tx: Tx, branchId: number) {
  const [row] = await tx
    .select({ zone: branch.zone })
    .from(branch)
    .where(
      and(
        eq(branch.id, branchId),
        isNull(branch.deletedAt),
        eq(branch.active, true),
        eq(branch.distributionCenter, false),
      ),
    );
  if (!row) throw notFound(NotFound.branch);
  return row.zone;
}

/** POST /waitlist/create. */
export async function createEntry(
  ctx: Context,
  key: Uint8Array,
  body: WaitlistBody,
): Promise<WaitlistRecord> {
  const branchId = branchForWrite(ctx, body.branchId);
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    const today = localDayAndTime(now, await clinicZone(tx, branchId)).date;
    if (body.fromDate < today)
      throw invalid({ field: 'fromDate', message: 'El campo Desde no puede ser anterior a hoy' });
    if (body.toDate > addDays(today, WAITLIST_MAX_DAYS))
      throw invalid({
        field: 'toDate',
        message: `El campo Hasta no puede pasar de ${WAITLIST_MAX_DAYS} días a partir de hoy`,
      });
    const [person] = await tx
      .select({ blackList: customer.blackList })
      .from(customer)
      .where(and(eq(customer.id, body.customerId), isNull(customer.deletedAt)))
      .for('share');
    if (!person) throw notFound(NotFound.customer);
    if (person.blackList === 1) throw conflict(Conflict.customerBlacklisted);
    const [wanted] = await tx
      .select({ id: treatment.id })
      .from(treatment)
      .where(
        and(
          eq(treatment.id, body.treatmentId),
          isNull(treatment.deletedAt),
          eq(treatment.active, true),
        ),
      )
      .for('key share');
    if (!wanted) throw notFound(NotFound.treatment);
    // One customer's entries for one treatment and branch are written one after the other.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext('waitlist'), hashtext(${`${body.customerId}:${body.treatmentId}:${branchId}`}))`,
    );
    const [same] = await tx
      .select({ id: waitlistEntry.id })
      .from(waitlistEntry)
      .where(
        and(
          eq(waitlistEntry.customerId, body.customerId),
          eq(waitlistEntry.treatmentId, body.treatmentId),
          eq(waitlistEntry.branchId, branchId),
          inArray(waitlistEntry.status, ['waiting', 'offered']),
          lte(waitlistEntry.fromDate, body.toDate),
          gte(waitlistEntry.toDate, body.fromDate),
        ),
      )
      .limit(1);
    if (same) throw conflict(Conflict.recordExists);
    const [row] = await tx
      .insert(waitlistEntry)
      .values({
        customerId: body.customerId,
        branchId,
        treatmentId: body.treatmentId,
        fromDate: body.fromDate,
        toDate: body.toDate,
        timeFrom: body.timeFrom ?? null,
        timeTo: body.timeTo ?? null,
        appointmentMethod: body.appointmentMethod ?? 'Llamada telefónica',
        notes: body.notes ?? null,
        userId: ctx.session.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: waitlistEntry.id });
    await auditEntry(
      tx,
      { userId: ctx.session.userId, branchId },
      row!.id,
      'create',
      { status: { before: null, after: 'waiting' } },
      now,
    );
    return row!.id;
  });
  return readEntry(ctx.db, key, id);
}

/** Locks an entry `FOR UPDATE` (a role fixed to its branch: its own), or 404 code 38. */
export async function lockEntry(tx: Tx, actor: Actor, id: number) {
  const fixed = actor.session ? fixedBranch(actor.session) : null;
  const [row] = await tx
    .select({
      id: waitlistEntry.id,
      branchId: waitlistEntry.branchId,
      status: waitlistEntry.status,
      unanswered: waitlistEntry.unanswered,
    })
    .from(waitlistEntry)
    .where(
      and(eq(waitlistEntry.id, id), fixed === null ? undefined : eq(waitlistEntry.branchId, fixed)),
    )
    .for('update');
  if (!row) throw notFound(NotFound.waitlistEntry);
  return { ...row, status: row.status as WaitlistStatus };
}

/** The entry's open offer, locked; null when it has none. */
async function openOffer(tx: Tx, entryId: number) {
  const [row] = await tx
    .select({
      id: waitlistOffer.id,
      appointmentId: waitlistOffer.appointmentId,
      expiresAt: waitlistOffer.expiresAt,
    })
    .from(waitlistOffer)
    .where(and(eq(waitlistOffer.entryId, entryId), eq(waitlistOffer.status, 'open')))
    .for('update');
  return row ?? null;
}

/** POST|DELETE /waitlist/{id}/cancel. */
export async function cancelEntry(ctx: Context, key: Uint8Array, id: number) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, ctx, id);
    if (!isActiveEntry(entry.status)) throw conflict(Conflict.waitlistEntryInactive);
    await tx
      .update(waitlistEntry)
      .set({ status: 'cancelled', updatedAt: now })
      .where(eq(waitlistEntry.id, id));
    const offer = await openOffer(tx, id);
    if (offer) {
      await closeOffer(tx, offer.id, 'cancelled', 'staff', now);
      await releaseHold(tx, ctx, offer.appointmentId);
    }
    await auditEntry(
      tx,
      { userId: ctx.session.userId, branchId: entry.branchId },
      id,
      'cancel',
      { status: { before: entry.status, after: 'cancelled' } },
      now,
    );
  });
  return readEntry(ctx.db, key, id);
}

async function closeOffer(
  tx: Tx,
  offerId: number,
  status: 'accepted' | 'declined' | 'expired' | 'cancelled',
  by: 'customer' | 'staff' | 'sweeper',
  now: Date,
) {
  await tx
    .update(waitlistOffer)
    .set({ status, answeredAt: now, answeredBy: by })
    .where(eq(waitlistOffer.id, offerId));
}

/**
 * Answers the entry's open offer: accept books the hold (409 code 48 when it has expired, was
 * declined or cancelled); decline releases it and offers it onward.
 */
export async function answerOffer(
  tx: Tx,
  actor: Actor,
  entryId: number,
  answer: 'accept' | 'decline',
  /** The offer a link names: it must be the entry's open one. */
  offerId?: number,
): Promise<void> {
  const now = actor.clock.now();
  const entry = await lockEntry(tx, actor, entryId);
  const offer = entry.status === 'offered' ? await openOffer(tx, entryId) : null;
  if (!offer || offer.expiresAt <= now || (offerId !== undefined && offer.id !== offerId))
    throw conflict(Conflict.waitlistOfferGone);
  const by = actor.session ? 'staff' : 'customer';
  const userId = actor.session?.userId ?? null;
  if (answer === 'accept') {
    if (!(await acceptHold(tx, actor, offer.appointmentId)))
      throw conflict(Conflict.waitlistOfferGone);
    await closeOffer(tx, offer.id, 'accepted', by, now);
    await tx
      .update(waitlistEntry)
      .set({ status: 'booked', updatedAt: now })
      .where(eq(waitlistEntry.id, entryId));
  } else {
    await closeOffer(tx, offer.id, 'declined', by, now);
    await tx
      .update(waitlistEntry)
      .set({ status: 'waiting', updatedAt: now })
      .where(eq(waitlistEntry.id, entryId));
    await releaseHold(tx, actor, offer.appointmentId);
  }
  await auditEntry(
    tx,
    { userId, branchId: entry.branchId },
    entryId,
    answer,
    { status: { before: 'offered', after: answer === 'accept' ? 'booked' : 'waiting' } },
    now,
  );
}

/** POST /waitlist/{id}/accept: staff accept on the customer's behalf. */
export async function acceptEntry(ctx: Context, key: Uint8Array, id: number) {
  await ctx.db.transaction((tx) => answerOffer(tx, ctx, id, 'accept'));
  return readEntry(ctx.db, key, id);
}
