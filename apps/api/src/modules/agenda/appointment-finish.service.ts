import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  Conflict,
  NotFound,
  Unprocessable,
  finishIssues,
  formatOrderNumber,
  isOwnDay,
  isrRequired,
  localDayAndTime,
  medicalCommission,
  statusChoices,
  type AppointmentStatus,
  type appointmentFinishBody,
} from '@clinica/domain';
import type { Tx } from '../../db/client';
import {
  appointment,
  appointmentSession,
  appointmentSessionArea,
  customer,
  jobPosition,
  kardex,
  kardexBankInformation,
  medicCommission,
  purchasedProduct,
  purchasedProductArea,
  stock,
  treatment,
  treatmentArea,
  treatmentProduct,
  user,
} from '../../db/schema';
import type { Context } from '../../platform/context';
import { AppError, conflict, invalid, notFound } from '../../platform/errors';
import { moveStock } from '../inventory/ledger';
import { APPOINTMENT_DOCUMENT, withFinish } from './appointment-finish-read';
import { readAppointment, type AppointmentRecord } from './appointment-read';
import { lockAppointment, record } from './appointment.service';

import { cancelReminders } from '../reminders/reminder-plan';
/**
 * PATCH /appointment/{id}/finish (spec 002 §4, CONTRACT §12–§13): an absence, or the finish of an
 * in-process appointment of a purchased product. One transaction that locks the appointment, then
 * the purchased product, the attending staff member and the lots (in id order) before it checks
 * anything against them, so two finishes of one appointment, or of two appointments sharing a
 * lot, take their turns and the second sees what the first left.
 */

type FinishBody = z.output<typeof appointmentFinishBody>;

export const CONSENT_REQUIRED = 'El consentimiento es obligatorio';
export const NOT_ENOUGH_STOCK = 'No se cuenta con suficiente stock';

/** The purchased product the appointment gives, locked: the customer's and in process (409/41). */
async function lockPurchasedProduct(tx: Tx, id: number, customerId: number) {
  const [row] = await tx
    .select({
      id: purchasedProduct.id,
      customerId: purchasedProduct.customerId,
      treatmentId: purchasedProduct.treatmentId,
      sessions: purchasedProduct.sessions,
      currentSession: purchasedProduct.currentSession,
      status: purchasedProduct.status,
      consentSignedAt: purchasedProduct.consentSignedAt,
    })
    .from(purchasedProduct)
    .where(eq(purchasedProduct.id, id))
    .for('update');
  if (!row || row.customerId !== customerId || row.status !== 'onProcess')
    throw conflict(Conflict.purchasedProductUnavailable);
  return row;
}

/**
 * The attending staff member: live, active, with an employee file (404 code 4), key-share locked
 * so they are not deleted under the finish; their job position and ISR percent.
 */
async function attendant(tx: Tx, userId: number) {
  const [row] = await tx
    .select({
      id: user.id,
      position: jobPosition.name,
      isr: kardexBankInformation.isr,
    })
    .from(user)
    .innerJoin(kardex, and(eq(kardex.userId, user.id), isNull(kardex.deletedAt)))
    .innerJoin(jobPosition, eq(jobPosition.id, kardex.jobPositionId))
    .leftJoin(kardexBankInformation, eq(kardexBankInformation.kardexId, kardex.id))
    .where(and(eq(user.id, userId), isNull(user.deletedAt), eq(user.status, 'activo')))
    .for('key share', { of: user });
  if (!row) throw notFound(NotFound.user);
  return { ...row, isrPercent: row.isr === null ? 0 : Number(row.isr) };
}

/** What the treatment asks of a finish: consent, medical fee, areas and products per session. */
async function treatmentRules(tx: Tx, treatmentId: number, purchasedProductId: number) {
  const [row] = await tx
    .select({
      consent: treatment.consent,
      consentId: treatment.consentId,
      medicalFee: treatment.medicalFee,
    })
    .from(treatment)
    .where(eq(treatment.id, treatmentId));
  if (!row) throw notFound(NotFound.treatment);
  const chosen = await tx
    .select({ areaId: purchasedProductArea.areaId })
    .from(purchasedProductArea)
    .where(eq(purchasedProductArea.purchasedProductId, purchasedProductId));
  const areas =
    chosen.length > 0
      ? chosen
      : await tx
          .select({ areaId: treatmentArea.areaId })
          .from(treatmentArea)
          .where(eq(treatmentArea.treatmentId, treatmentId));
  const products = await tx
    .select({ productId: treatmentProduct.productId, quantity: treatmentProduct.quantity })
    .from(treatmentProduct)
    .where(eq(treatmentProduct.treatmentId, treatmentId));
  return {
    ...row,
    areaIds: areas.map((entry) => entry.areaId),
    perSession: new Map(products.map((entry) => [entry.productId, entry.quantity])),
  };
}

/**
 * The chosen lots, locked `FOR UPDATE` in id order (as every flow that moves several lots does,
 * so two finishes never wait on each other in a circle): each a live lot of the branch (404/1).
 */
async function lockLots(tx: Tx, stockIds: number[], branchId: number) {
  const ids = [...new Set(stockIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map<number, { productId: number; quantity: number }>();
  const rows = await tx
    .select({ id: stock.id, productId: stock.productId, quantity: stock.quantity })
    .from(stock)
    .where(and(inArray(stock.id, ids), eq(stock.branchId, branchId), isNull(stock.deletedAt)))
    .orderBy(asc(stock.id))
    .for('update');
  if (rows.length !== ids.length) throw notFound(NotFound.stock);
  return new Map(rows.map((row) => [row.id, { productId: row.productId, quantity: row.quantity }]));
}

/** A customer who missed a scheduled appointment, on its day: the slot is freed, the miss counted. */
async function recordAbsence(tx: Tx, before: AppointmentRecord, today: string) {
  if (before.status !== 'scheduled') throw conflict(Conflict.appointmentStatusLocked);
  if (!isOwnDay(before, today)) throw conflict(Conflict.notAppointmentDay);
  await tx
    .update(customer)
    .set({ missedAppointments: sql`${customer.missedAppointments} + 1` })
    .where(eq(customer.id, before.customer.id));
  return { status: 'absence' satisfies AppointmentStatus };
}

type HeldProduct = Awaited<ReturnType<typeof lockPurchasedProduct>>;
type TreatmentRules = Awaited<ReturnType<typeof treatmentRules>>;

/**
 * The chosen lots locked, then checked: `finishIssues` (400 with the fields), then each lot's
 * units (422 code 1 on `stockIds.N.quantity`), against the rows as the locks left them.
 */
async function checkLots(
  tx: Tx,
  before: AppointmentRecord,
  body: FinishBody,
  held: HeldProduct,
  rules: TreatmentRules,
) {
  const lots = await lockLots(
    tx,
    body.stockIds.map((entry) => entry.stockId),
    before.branch.id,
  );
  const issues = finishIssues(body.sessions, body.stockIds, {
    sessionsLeft: held.sessions - held.currentSession,
    areaIds: rules.areaIds,
    perSession: rules.perSession,
    lotProduct: new Map([...lots].map(([id, lot]) => [id, lot.productId])),
  });
  if (issues.length > 0) throw invalid(...issues);
  const short = body.stockIds
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => lots.get(entry.stockId)!.quantity < entry.quantity)
    .map(({ index }) => ({ field: `stockIds.${index}.quantity`, message: NOT_ENOUGH_STOCK }));
  if (short.length > 0) throw new AppError(422, Unprocessable.insufficientInventory, short);
}

/** The units out of the lots (in id order) as `appointment` movements naming the appointment. */
async function takeUnits(tx: Tx, ctx: Context, before: AppointmentRecord, body: FinishBody) {
  const document = {
    type: APPOINTMENT_DOCUMENT,
    id: before.id,
    number: formatOrderNumber('appointment', before.appointmentNumber),
  };
  const inLotOrder = [...body.stockIds].sort((a, b) => a.stockId - b.stockId);
  for (const entry of inLotOrder)
    await moveStock(
      tx,
      {
        stockId: entry.stockId,
        quantity: -entry.quantity,
        cause: 'appointment',
        document,
        userId: ctx.session.userId,
      },
      { branchId: before.branch.id },
      ctx.clock.now(),
    );
}

/** The sessions, numbered after those the purchased product had, with their areas. */
async function writeSessions(
  tx: Tx,
  appointmentId: number,
  held: HeldProduct,
  body: FinishBody,
  now: Date,
) {
  for (const [index, session] of body.sessions.entries()) {
    const [row] = await tx
      .insert(appointmentSession)
      .values({
        appointmentId,
        purchasedProductId: held.id,
        number: held.currentSession + index + 1,
        createdAt: now,
      })
      .returning({ id: appointmentSession.id });
    if (session.areasIds.length > 0)
      await tx
        .insert(appointmentSessionArea)
        .values(session.areasIds.map((areaId) => ({ sessionId: row!.id, areaId })));
  }
}

/** The medical commission, when the treatment pays a fee and a medic attended (CONTRACT §12). */
async function writeCommission(
  tx: Tx,
  before: AppointmentRecord,
  staff: Awaited<ReturnType<typeof attendant>>,
  held: HeldProduct,
  rules: TreatmentRules,
  given: number,
  now: Date,
) {
  const fee = rules.medicalFee === null ? 0 : Number(rules.medicalFee);
  if (fee <= 0 || !isrRequired(staff.position)) return;
  const amounts = medicalCommission(fee, given, staff.isrPercent);
  await tx.insert(medicCommission).values({
    appointmentId: before.id,
    userId: staff.id,
    branchId: before.branch.id,
    treatmentId: held.treatmentId,
    sessions: given,
    fee: amounts.fee,
    isrPercent: staff.isrPercent,
    isr: amounts.isr,
    net: amounts.net,
    createdAt: now,
  });
}

/** The sessions given: the checks, the units out of the lots, the rows, the commission. */
async function recordFinish(
  tx: Tx,
  ctx: Context,
  before: AppointmentRecord,
  today: string,
  body: FinishBody,
) {
  const now = ctx.clock.now();
  if (!statusChoices(before.status, before.purchasedProduct !== null).includes('finished'))
    throw conflict(Conflict.appointmentStatusLocked);
  if (!isOwnDay(before, today)) throw conflict(Conflict.notAppointmentDay);
  const held = await lockPurchasedProduct(tx, before.purchasedProduct!.id, before.customer.id);
  if (!body.attendedById) throw notFound(NotFound.doctorRequired);
  const staff = await attendant(tx, body.attendedById);
  const rules = await treatmentRules(tx, held.treatmentId, held.id);
  const signsNow = rules.consent && held.consentSignedAt === null;
  if (signsNow && body.consent !== true)
    throw invalid({ field: 'consent', message: CONSENT_REQUIRED });
  await checkLots(tx, before, body, held, rules);

  await takeUnits(tx, ctx, before, body);
  await writeSessions(tx, before.id, held, body, now);
  const given = body.sessions.length;
  await tx
    .update(purchasedProduct)
    .set({
      currentSession: held.currentSession + given,
      ...(held.currentSession + given >= held.sessions ? { status: 'finished' } : {}),
      ...(signsNow ? { consentSignedAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(purchasedProduct.id, held.id));
  await writeCommission(tx, before, staff, held, rules, given, now);
  return {
    status: 'finished' satisfies AppointmentStatus,
    attendedById: staff.id,
    finishedAt: now,
    ...(rules.consent && (signsNow || body.consent === true)
      ? { consentId: rules.consentId, consentSignedAt: now }
      : {}),
  };
}

/** PATCH /appointment/{id}/finish. */
export async function finishAppointment(
  ctx: Context,
  id: number,
  body: FinishBody,
): Promise<AppointmentRecord> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const { zone, before } = await lockAppointment(tx, ctx, id);
    const today = localDayAndTime(now, zone).date;
    const set =
      body.status === 'absence'
        ? await recordAbsence(tx, before, today)
        : await recordFinish(tx, ctx, before, today, body);
    await tx
      .update(appointment)
      .set({ ...set, updatedAt: now })
      .where(eq(appointment.id, id));
    await cancelReminders(tx, id);
    const after = await withFinish(tx, await readAppointment(tx, id));
    await record(tx, ctx, body.status === 'absence' ? 'absence' : 'finish', before, after, now);
    return after;
  });
}
