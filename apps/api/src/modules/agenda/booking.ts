import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  Conflict,
  NotFound,
  SLOT_HOLDING_STATUSES,
  appointmentEnd,
  appointmentMinutes,
  cancellationsBlockBooking,
  instantOf,
  isPastStart,
  localDayAndTime,
  lockCovers,
  notOnSaleMessage,
  purchasedProductBookingIssues,
  saleWindowOf,
  scheduleDayOf,
  treatmentOrderRefusal,
  whyNotOnSale,
  withinHours,
  type AppointmentOption,
  type AppointmentType,
  type LockRule,
} from '@clinica/domain';
import type { Tx } from '../../db/client';
import {
  agendaLock,
  appliance,
  appointment,
  appointmentTreatment,
  branch,
  branchAppliance,
  branchSchedule,
  cabin,
  cabinSchedule,
  category,
  customer,
  offer,
  offerBranch,
  purchasedProduct,
  treatment,
  treatmentAppliance,
  treatmentCategory,
  user,
} from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { Session } from '../../platform/session';
import { AppError, conflict, invalid, notFound } from '../../platform/errors';

/**
 * The checks of a booking or a move (CONTRACT §13), inside its transaction and in the order a
 * receptionist would fix them: what it names must exist (404), then the customer may be booked,
 * then the time (past, hours, locks, the day's order of treatments, appliances). That the cabin
 * and the attending staff member are free is not checked here: the EXCLUDE constraints refuse
 * the write itself (23P01, 409 code 5), so two concurrent bookings cannot both pass.
 */

export interface Booking {
  branchId: number;
  cabinId: number;
  customerId: number;
  date: string;
  startTime: string;
  appointmentType: AppointmentType;
  appointmentOption: AppointmentOption;
  treatmentsIds: number[];
  categoriesIds: number[];
  packageId: number | null;
  promoId: number | null;
  purchasedProductId: number | null;
  attendedById: number | null;
}

export interface CheckedBooking {
  endTime: string;
  zone: string;
}

/**
 * Who books: a staff member's session, or nobody on staff (`session` null: an online booking,
 * CONTRACT §15, held to the ordinary cancellation limit).
 */
export interface Booker {
  clock: Clock;
  session: Pick<Session, 'roleKey' | 'userId'> | null;
  /** REMINDER_HOURS, for the reminders planned with the booking. */
  reminderHours?: number;
}

/** What to check: a move of an existing appointment skips it and the customer's limit. */
export interface CheckOptions {
  appointmentId?: number;
  /** Whether the cancellation limit applies (a new booking, or one given to another customer). */
  cancellationLimit: boolean;
  /**
   * The appointment's time before an edit: when the edit leaves it where it was, the past, the
   * hours and the locks are not asked again (a note added to an appointment under way, or under a
   * lock made after it was booked, is still a note).
   */
  previous?: { date: string; startTime: string; endTime: string; cabinId: number };
}

async function branchOf(tx: Tx, branchId: number) {
  const [row] = await tx
    .select({ id: branch.id, zone: branch.zone })
    .from(branch)
    .where(
      and(
        eq(branch.id, branchId),
        isNull(branch.deletedAt),
        eq(branch.active, true),
        eq(branch.distributionCenter, false),
      ),
    )
    .for('key share');
  if (!row) throw notFound(NotFound.branch);
  return row;
}

/**
 * The cabin, of that branch, live and active, locked `FOR NO KEY UPDATE`: bookings of one cabin
 * (and a lock being created for it) take their turns, so the second finds the first committed and
 * its insert fails on the constraint at once, instead of two inserts waiting on each other's
 * uncommitted rows in the exclusion index (a deadlock PostgreSQL breaks only after a second).
 * The constraint still decides; the lock only orders the contenders.
 */
async function lockCabin(tx: Tx, cabinId: number, branchId: number) {
  const [row] = await tx
    .select({ id: cabin.id })
    .from(cabin)
    .where(
      and(
        eq(cabin.id, cabinId),
        eq(cabin.branchId, branchId),
        isNull(cabin.deletedAt),
        eq(cabin.status, true),
      ),
    )
    .for('no key update');
  if (!row) throw notFound(NotFound.cabin);
}

/** The customer, share-locked so a concurrent blacklisting waits for the booking. */
async function checkCustomer(tx: Tx, ctx: Booker, booking: Booking, options: CheckOptions) {
  const [row] = await tx
    .select({ blackList: customer.blackList, cancellations: customer.cancellations })
    .from(customer)
    .where(and(eq(customer.id, booking.customerId), isNull(customer.deletedAt)))
    .for('share');
  if (!row) throw notFound(NotFound.customer);
  if (row.blackList === 1) throw conflict(Conflict.customerBlacklisted);
  if (
    options.cancellationLimit &&
    cancellationsBlockBooking(
      row.cancellations,
      ctx.session?.roleKey ?? 'online',
      booking.appointmentOption,
    )
  )
    throw conflict(Conflict.tooManyCancellations);
}

/** The treatments' minutes (live, active), in any order; a missing one is 404 code 2. */
async function treatmentMinutes(tx: Tx, ids: number[]) {
  const rows = await tx
    .select({ id: treatment.id, minutes: treatment.durationMinutes })
    .from(treatment)
    .where(and(inArray(treatment.id, ids), isNull(treatment.deletedAt), eq(treatment.active, true)))
    .for('key share');
  if (rows.length !== new Set(ids).size) throw notFound(NotFound.treatment);
  return rows.map((row) => row.minutes);
}

async function checkCategories(tx: Tx, ids: number[]) {
  const rows = await tx
    .select({ id: category.id })
    .from(category)
    .where(and(inArray(category.id, ids), isNull(category.deletedAt)))
    .for('key share');
  if (rows.length !== new Set(ids).size) throw notFound(NotFound.category);
}

/**
 * The package's or promotion's cabin time, when the booking comes from one; the offer must be on
 * sale at the branch at the appointment's start (409 code 43 naming the field, as a sale would).
 */
async function offerMinutes(tx: Tx, booking: Booking, zone: string): Promise<number | null> {
  const wanted = [
    booking.packageId ? { id: booking.packageId, type: 'Package', field: 'packageId' } : null,
    booking.promoId ? { id: booking.promoId, type: 'Promotion', field: 'promoId' } : null,
  ].filter((entry) => entry !== null);
  let minutes: number | null = null;
  for (const { id, type, field } of wanted) {
    const [row] = await tx
      .select()
      .from(offer)
      .where(and(eq(offer.id, id), eq(offer.type, type), isNull(offer.deletedAt)))
      .for('key share');
    if (!row) throw notFound(NotFound.packageOrPromotion);
    const branches = await tx
      .select({ id: offerBranch.branchId })
      .from(offerBranch)
      .where(eq(offerBranch.packageId, id));
    const reason = whyNotOnSale(
      saleWindowOf(
        row,
        branches.map((entry) => ({ id: entry.id, zone })),
      ),
      booking.branchId,
      instantOf(booking.date, booking.startTime, zone),
    );
    if (reason)
      throw new AppError(409, Conflict.offerNotOnSale, [
        { field, message: notOnSaleMessage(row.name, reason) },
      ]);
    minutes = Math.max(minutes ?? 0, row.cabinMinutes);
  }
  return minutes;
}

/**
 * A purchased product is the customer's, in process, with a session left (409 code 41); the booking
 * gives its treatment, alone, under that treatment's categories (400 naming the field, the
 * domain's `purchasedProductBookingIssues`), since its finish advances that product's sessions.
 */
async function checkPurchasedProduct(tx: Tx, booking: Booking) {
  if (!booking.purchasedProductId) return;
  const [row] = await tx
    .select({
      customerId: purchasedProduct.customerId,
      status: purchasedProduct.status,
      sessions: purchasedProduct.sessions,
      currentSession: purchasedProduct.currentSession,
      treatmentId: purchasedProduct.treatmentId,
      treatmentName: treatment.name,
    })
    .from(purchasedProduct)
    .innerJoin(treatment, eq(treatment.id, purchasedProduct.treatmentId))
    .where(eq(purchasedProduct.id, booking.purchasedProductId))
    .for('share', { of: purchasedProduct });
  if (
    !row ||
    row.customerId !== booking.customerId ||
    row.status !== 'onProcess' ||
    row.currentSession >= row.sessions
  )
    throw conflict(Conflict.purchasedProductUnavailable);
  const categories = await tx
    .select({ id: treatmentCategory.categoryId })
    .from(treatmentCategory)
    .where(eq(treatmentCategory.treatmentId, row.treatmentId));
  const issues = purchasedProductBookingIssues(booking, {
    treatmentId: row.treatmentId,
    treatmentName: row.treatmentName,
    categoryIds: categories.map((category) => category.id),
  });
  if (issues.length > 0) throw invalid(...issues);
}

/**
 * The attending staff member, live and active, locked `FOR NO KEY UPDATE` after the cabin (always
 * in that order, so two bookings never wait on each other in a cycle): bookings of one medic in
 * different cabins take their turns as bookings of one cabin do.
 */
async function lockStaff(tx: Tx, userId: number | null) {
  if (!userId) return;
  const [row] = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, userId), isNull(user.deletedAt), eq(user.status, 'activo')))
    .for('no key update');
  if (!row) throw notFound(NotFound.user);
}

/** The branch's and the cabin's hours of the date (409 code 17). */
async function checkHours(tx: Tx, booking: Booking, endTime: string) {
  const day = scheduleDayOf(booking.date);
  const [branchHours] = await tx
    .select({ opening: branchSchedule.opening, closing: branchSchedule.closing })
    .from(branchSchedule)
    .where(and(eq(branchSchedule.branchId, booking.branchId), eq(branchSchedule.day, day)));
  const cabinWeek = await tx
    .select({
      day: cabinSchedule.day,
      opening: cabinSchedule.opening,
      closing: cabinSchedule.closing,
    })
    .from(cabinSchedule)
    .where(eq(cabinSchedule.cabinId, booking.cabinId));
  const cabinHours =
    cabinWeek.length === 0 ? 'branch' : (cabinWeek.find((entry) => entry.day === day) ?? null);
  if (!withinHours(booking.startTime, endTime, branchHours, cabinHours))
    throw conflict(Conflict.outsideHours);
}

/** The live locks of the cabin, as the domain's rules read them. */
export async function locksOfCabin(tx: Tx, cabinId: number, exceptId?: number) {
  const rows = await tx
    .select({
      id: agendaLock.id,
      type: agendaLock.type,
      time: agendaLock.time,
      date: agendaLock.date,
      days: agendaLock.days,
      recurrent: agendaLock.recurrent,
    })
    .from(agendaLock)
    .where(
      and(
        eq(agendaLock.cabinId, cabinId),
        isNull(agendaLock.deletedAt),
        exceptId ? ne(agendaLock.id, exceptId) : undefined,
      ),
    );
  return rows as (LockRule & { id: number })[];
}

async function checkLocks(tx: Tx, booking: Booking, endTime: string) {
  const locks = await locksOfCabin(tx, booking.cabinId);
  if (locks.some((lock) => lockCovers(lock, booking.date, booking.startTime, endTime)))
    throw conflict(Conflict.cabinBlocked);
}

const holding = inArray(appointment.status, [...SLOT_HOLDING_STATUSES]);

/** Cosmetic first, medical after, for one customer in one day (409 codes 7 and 35). */
async function checkTreatmentOrder(tx: Tx, booking: Booking, options: CheckOptions) {
  const sameDay = await tx
    .select({
      appointmentType: appointment.appointmentType,
      startTime: sql<string>`to_char(${appointment.startTime}, 'HH24:MI')`,
    })
    .from(appointment)
    .where(
      and(
        eq(appointment.customerId, booking.customerId),
        eq(appointment.date, booking.date),
        holding,
        options.appointmentId ? ne(appointment.id, options.appointmentId) : undefined,
      ),
    );
  const refusal = treatmentOrderRefusal(booking, sameDay);
  if (refusal !== null) throw conflict(refusal);
}

/**
 * A working appliance of each kind the treatments use must be free at the branch for the whole
 * time (409 code 14): the branch's working units of that appliance, less the slot-holding
 * appointments overlapping it whose treatments use one. The units are locked `FOR UPDATE` first,
 * so two bookings that need the same kind of appliance are counted one after the other.
 */
async function checkAppliances(
  tx: Tx,
  booking: Booking,
  period: ReturnType<typeof sql>,
  options: CheckOptions,
) {
  const needed = await tx
    .selectDistinct({ applianceId: treatmentAppliance.applianceId })
    .from(treatmentAppliance)
    .innerJoin(appliance, eq(appliance.id, treatmentAppliance.applianceId))
    .where(inArray(treatmentAppliance.treatmentId, booking.treatmentsIds))
    .orderBy(treatmentAppliance.applianceId);
  for (const { applianceId } of needed) {
    const units = await tx
      .select({ id: branchAppliance.id })
      .from(branchAppliance)
      .where(
        and(
          eq(branchAppliance.branchId, booking.branchId),
          eq(branchAppliance.applianceId, applianceId),
          isNull(branchAppliance.deletedAt),
          eq(branchAppliance.status, true),
          eq(branchAppliance.statusDescription, 'Funcionando'),
        ),
      )
      .orderBy(branchAppliance.id)
      .for('update');
    if (units.length === 0) throw conflict(Conflict.noAppliancesAvailable);
    const [inUse] = await tx
      .select({ count: sql<number>`count(DISTINCT ${appointment.id})`.mapWith(Number) })
      .from(appointment)
      .innerJoin(appointmentTreatment, eq(appointmentTreatment.appointmentId, appointment.id))
      .innerJoin(
        treatmentAppliance,
        eq(treatmentAppliance.treatmentId, appointmentTreatment.treatmentId),
      )
      .where(
        and(
          eq(appointment.branchId, booking.branchId),
          eq(appointment.date, booking.date),
          holding,
          sql`${appointment.period} && ${period}`,
          eq(treatmentAppliance.applianceId, applianceId),
          options.appointmentId ? ne(appointment.id, options.appointmentId) : undefined,
        ),
      );
    if ((inUse?.count ?? 0) >= units.length) throw conflict(Conflict.noAppliancesAvailable);
  }
}

/**
 * The cabin, or the attending staff member, already holds an overlapping appointment: 409 code 5,
 * said before the appliances are counted (the busy cabin's own unit would otherwise be named as
 * missing). Both rows are locked above, so this reads a settled state; the EXCLUDE constraints
 * stay the guarantee whatever the order concurrent bookings commit in.
 */
async function checkBusy(tx: Tx, booking: Booking, period: SQL, options: CheckOptions) {
  const [busy] = await tx
    .select({ id: appointment.id })
    .from(appointment)
    .where(
      and(
        booking.attendedById
          ? or(
              eq(appointment.cabinId, booking.cabinId),
              eq(appointment.attendedById, booking.attendedById),
            )
          : eq(appointment.cabinId, booking.cabinId),
        holding,
        sql`${appointment.period} && ${period}`,
        options.appointmentId ? ne(appointment.id, options.appointmentId) : undefined,
      ),
    )
    .limit(1);
  if (busy) throw conflict(Conflict.timeNotAvailable);
}

/** `[start, end)` of a branch-local day and times, as instants in the branch's zone. */
export const periodOf = (date: string, startTime: string, endTime: string, zone: string) =>
  sql`tstzrange((${date}::date + ${startTime}::time) AT TIME ZONE ${zone}, (${date}::date + ${endTime}::time) AT TIME ZONE ${zone}, '[)')`;

/**
 * Checks a booking (or the appointment as it will stand after a move) and answers its end and its
 * branch's zone.
 */
export async function checkBooking(
  tx: Tx,
  ctx: Booker,
  booking: Booking,
  options: CheckOptions,
): Promise<CheckedBooking> {
  const { zone } = await branchOf(tx, booking.branchId);
  await lockCabin(tx, booking.cabinId, booking.branchId);
  await checkCustomer(tx, ctx, booking, options);
  const minutes = appointmentMinutes({
    treatmentMinutes: await treatmentMinutes(tx, booking.treatmentsIds),
    cabinMinutes: await offerMinutes(tx, booking, zone),
  });
  await checkCategories(tx, booking.categoriesIds);
  await checkPurchasedProduct(tx, booking);
  await lockStaff(tx, booking.attendedById);

  const endTime = appointmentEnd(booking.startTime, minutes);
  if (endTime === null) throw conflict(Conflict.outsideHours);
  const previous = options.previous;
  const sameTime =
    previous !== undefined &&
    previous.date === booking.date &&
    previous.startTime === booking.startTime &&
    previous.endTime === endTime &&
    previous.cabinId === booking.cabinId;
  if (!sameTime) {
    if (isPastStart(booking, localDayAndTime(ctx.clock.now(), zone)))
      throw conflict(Conflict.bookingInPast);
    await checkHours(tx, booking, endTime);
    await checkLocks(tx, booking, endTime);
  }
  const period = periodOf(booking.date, booking.startTime, endTime, zone);
  await checkBusy(tx, booking, period, options);
  await checkTreatmentOrder(tx, booking, options);
  await checkAppliances(tx, booking, period, options);
  return { endTime, zone };
}
