import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  Conflict,
  NotFound,
  SLOT_HOLDING_STATUSES,
  appointmentEnd,
  isCalendarDate,
  isPastStart,
  localDayAndTime,
  minutesOfDay,
  nearestStarts,
  scheduleDayOf,
  seriesDates,
  slotsBetween,
  type SeriesPreview,
  type SeriesPreviewItem,
  type SeriesPreviewQuery,
} from '@clinica/domain';
import { appointment, branch, branchSchedule, cabin, cabinType } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { Context } from '../../platform/context';
import { AppError, invalid, notFound } from '../../platform/errors';
import { fixedBranch } from '../../platform/write';
import { checkBooking } from './booking';
import { seriesBooking, seriesProduct, type SeriesProduct } from './series-product';

/**
 * GET /appointment/series/preview (CONTRACT §15): where each remaining session of a purchased
 * treatment would go. Every proposal is asked of §13's own checks (`checkBooking`), each in a short
 * transaction of its own that writes nothing, so the preview says what a booking would say and
 * never holds a cabin's lock while it tries the next one.
 */

/** Refusals that depend on the time: another start of the day may pass them. */
const TIME_REFUSALS: readonly number[] = [
  Conflict.bookingInPast,
  Conflict.timeNotAvailable,
  Conflict.cabinBlocked,
  Conflict.noAppliancesAvailable,
  Conflict.outsideHours,
  Conflict.cosmeticAfterMedical,
  Conflict.medicalBeforeCosmetic,
];

type Cabin = { id: number; name: string };
type Probe = { endTime: string } | { refusal: AppError };

/**
 * The branch's live, active cabins whose type serves a treatment type, lowest id first: the
 * series' proposals and the public availability (online-booking/slot-day.ts) try them in order.
 */
export function servingCabins(db: Executor, branchId: number, treatmentTypeId: number) {
  return db
    .select({ id: cabin.id, name: cabin.name })
    .from(cabin)
    .innerJoin(cabinType, eq(cabinType.id, cabin.typeId))
    .where(
      and(
        eq(cabin.branchId, branchId),
        isNull(cabin.deletedAt),
        eq(cabin.status, true),
        eq(cabinType.treatmentTypeId, treatmentTypeId),
      ),
    )
    .orderBy(asc(cabin.id));
}

/** The cabins to try, in order: the asked one first (live and of the branch, else 404 code 7). */
async function cabinsToTry(ctx: Context, branchId: number, product: SeriesProduct, asked?: number) {
  const serving = await servingCabins(ctx.db, branchId, product.treatmentTypeId);
  if (asked === undefined) return serving;
  const [chosen] = await ctx.db
    .select({ id: cabin.id, name: cabin.name })
    .from(cabin)
    .where(
      and(
        eq(cabin.id, asked),
        eq(cabin.branchId, branchId),
        isNull(cabin.deletedAt),
        eq(cabin.status, true),
      ),
    );
  if (!chosen) throw notFound(NotFound.cabin);
  return [chosen, ...serving.filter((entry) => entry.id !== asked)];
}

async function liveBranch(ctx: Context, branchId: number) {
  const [row] = await ctx.db
    .select({ id: branch.id, zone: branch.zone })
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
  return row;
}

export async function previewSeries(
  ctx: Context,
  query: SeriesPreviewQuery,
): Promise<SeriesPreview> {
  const branchId = fixedBranch(ctx.session) ?? query.branchId;
  const { zone } = await liveBranch(ctx, branchId);
  const product = await seriesProduct(ctx.db, query.purchasedProductId, false);
  const cabins = await cabinsToTry(ctx, branchId, product, query.cabainId);
  const dates = seriesDates(query.date, query.intervalDays, product.remaining);
  // A series that would run past the year 9999 is not a calendar the database keeps.
  if (!dates.every(isCalendarDate))
    throw invalid({ field: 'date', message: 'La serie termina después del año 9999' });
  const now = localDayAndTime(ctx.clock.now(), zone);
  const items: SeriesPreviewItem[] = [];
  for (const [index, date] of dates.entries()) {
    const proposal = await propose(ctx, product, cabins, {
      branchId,
      date,
      asked: query.startTime,
      now,
    });
    items.push({ session: product.firstSession + index, date, ...proposal });
  }
  return {
    purchasedProduct: {
      id: product.id,
      treatment: { id: product.treatmentId, name: product.treatmentName },
      sessions: product.sessions,
      currentSession: product.currentSession,
    },
    remaining: product.remaining,
    items,
  };
}

/** The refusal as the preview shows it: the catalogue's code and message (or its detail). */
const reasonOf = (refusal: AppError) => ({
  code: refusal.code,
  message: refusal.details?.[0]?.message ?? refusal.message,
});

/**
 * One session: the asked start in the first cabin that takes it; else the nearest start of that
 * day that a cabin takes (`moved`); else unavailable, with the refusal at the asked start.
 */
async function propose(
  ctx: Context,
  product: SeriesProduct,
  cabins: Cabin[],
  at: { branchId: number; date: string; asked: string; now: { date: string; time: string } },
): Promise<Omit<SeriesPreviewItem, 'session' | 'date'>> {
  const probe = async (entry: Cabin, startTime: string): Promise<Probe> => {
    const booking = seriesBooking(product, { ...at, cabinId: entry.id, startTime });
    try {
      return await ctx.db.transaction((tx) =>
        checkBooking(tx, ctx, booking, { cancellationLimit: true }),
      );
    } catch (error) {
      if (error instanceof AppError) return { refusal: error };
      throw error;
    }
  };
  // A moved session keeps the reason it could not go at the asked start.
  const found = (entry: Cabin, startTime: string, endTime: string, why: AppError | null) => ({
    startTime,
    endTime,
    cabain: { id: entry.id, name: entry.name },
    available: true,
    moved: why !== null,
    reason: why === null ? null : reasonOf(why),
  });

  let refusal: AppError | null = null;
  for (const entry of cabins) {
    const result = await probe(entry, at.asked);
    if ('endTime' in result) return found(entry, at.asked, result.endTime, null);
    refusal ??= result.refusal;
  }
  refusal ??= new AppError(404, NotFound.cabin);
  const unavailable = {
    startTime: null,
    endTime: null,
    cabain: null,
    available: false,
    moved: false,
    reason: reasonOf(refusal),
  };
  if (refusal.status !== 409 || !TIME_REFUSALS.includes(refusal.code)) return unavailable;

  const { starts, busy } = await dayOf(ctx, at, cabins);
  for (const startTime of nearestStarts(at.asked, starts)) {
    const endTime = appointmentEnd(startTime, product.minutes);
    // A past start is refused by the first check of the time: not worth a probe.
    if (endTime === null || isPastStart({ date: at.date, startTime }, at.now)) continue;
    const span = { start: minutesOfDay(startTime), end: minutesOfDay(endTime) };
    for (const entry of cabins) {
      // A cabin already holding that time is refused without asking (409 code 5 either way).
      const taken = busy.some(
        (other) => other.cabinId === entry.id && other.start < span.end && span.start < other.end,
      );
      if (taken) continue;
      const result = await probe(entry, startTime);
      if ('endTime' in result) return found(entry, startTime, result.endTime, refusal);
    }
  }
  return unavailable;
}

/** The starts of the branch's hours that day, and the cabins' slot-holding appointments. */
async function dayOf(ctx: Context, at: { branchId: number; date: string }, cabins: Cabin[]) {
  const [hours] = await ctx.db
    .select({ opening: branchSchedule.opening, closing: branchSchedule.closing })
    .from(branchSchedule)
    .where(
      and(eq(branchSchedule.branchId, at.branchId), eq(branchSchedule.day, scheduleDayOf(at.date))),
    );
  if (!hours || cabins.length === 0) return { starts: [], busy: [] };
  const rows = await ctx.db
    .select({
      cabinId: appointment.cabinId,
      startTime: appointment.startTime,
      endTime: appointment.endTime,
    })
    .from(appointment)
    .where(
      and(
        eq(appointment.date, at.date),
        inArray(
          appointment.cabinId,
          cabins.map((entry) => entry.id),
        ),
        inArray(appointment.status, [...SLOT_HOLDING_STATUSES]),
      ),
    );
  return {
    starts: slotsBetween(hours.opening.slice(0, 5), hours.closing.slice(0, 5)),
    busy: rows.map((row) => ({
      cabinId: row.cabinId,
      start: minutesOfDay(row.startTime),
      end: minutesOfDay(row.endTime),
    })),
  };
}
