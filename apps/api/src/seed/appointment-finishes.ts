import { and, asc, eq, gte, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { addDays, localDayAndTime } from '@clinica/domain';
import type { Db, Tx } from '../db/client';
import * as schema from '../db/schema';
import type { Clock } from '../platform/clock';
import type { Context } from '../platform/context';
import { sessionAs } from './demo-history';
import { finishAppointment } from '../modules/agenda/appointment-finish.service';
import { instantOf } from './agenda';

/**
 * The demo's finished appointments and absences (CONTRACT §12–§13), made through the finish's own
 * service in three clinics: treatments the customers bought (the demo's orders) given in past
 * appointments of the agenda, their units taken from the clinic's lots as `appointment`
 * movements, their sessions and areas recorded, the consent signed and, for a medic, the medical
 * commission; and a few missed appointments counted on their customers. Runs last, inside the demo
 * seed's transaction; a handful of calls, so the seed stays fast.
 */

const FINISHES_PER_CLINIC = 3;
const ABSENCES_PER_CLINIC = 2;
const MINUTE = 60_000;

/** The purchased products of a clinic's sales that still have sessions, of treatments using products. */
async function heldTreatments(tx: Tx, branchId: number) {
  return tx
    .selectDistinctOn([schema.purchasedProduct.customerId], {
      id: schema.purchasedProduct.id,
      customerId: schema.purchasedProduct.customerId,
      treatmentId: schema.purchasedProduct.treatmentId,
    })
    .from(schema.purchasedProduct)
    .innerJoin(schema.order, eq(schema.order.id, schema.purchasedProduct.orderId))
    .where(
      and(
        eq(schema.order.branchId, branchId),
        eq(schema.order.paymentStatus, 'paid'),
        eq(schema.purchasedProduct.status, 'onProcess'),
        lt(schema.purchasedProduct.currentSession, schema.purchasedProduct.sessions),
        sql`EXISTS (SELECT 1 FROM ${schema.treatmentProduct}
          WHERE ${schema.treatmentProduct.treatmentId} = ${schema.purchasedProduct.treatmentId})`,
      ),
    )
    .orderBy(asc(schema.purchasedProduct.customerId), asc(schema.purchasedProduct.id))
    .limit(40);
}

/**
 * A past appointment of that treatment at the clinic, attended and given, not yet tied to a
 * purchased product, on a day the customer has no other appointment there.
 */
async function pastAppointmentOf(tx: Tx, branchId: number, treatmentId: number, today: string) {
  const [row] = await tx
    .select({
      id: schema.appointment.id,
      date: schema.appointment.date,
      startTime: schema.appointment.startTime,
      attendedById: schema.appointment.attendedById,
    })
    .from(schema.appointment)
    .innerJoin(
      schema.appointmentTreatment,
      eq(schema.appointmentTreatment.appointmentId, schema.appointment.id),
    )
    .where(
      and(
        eq(schema.appointment.branchId, branchId),
        eq(schema.appointmentTreatment.treatmentId, treatmentId),
        eq(schema.appointment.status, 'finished'),
        isNull(schema.appointment.purchasedProductId),
        isNotNull(schema.appointment.attendedById),
        lt(schema.appointment.date, today),
        gte(schema.appointment.date, addDays(today, -7)),
      ),
    )
    .orderBy(asc(schema.appointment.date), asc(schema.appointment.id))
    .limit(1);
  return row ?? null;
}

/** Per product the treatment consumes, the clinic's lot with enough units for one session. */
async function lotsForSession(tx: Tx, branchId: number, treatmentId: number) {
  const needs = await tx
    .select({
      productId: schema.treatmentProduct.productId,
      quantity: schema.treatmentProduct.quantity,
    })
    .from(schema.treatmentProduct)
    .where(eq(schema.treatmentProduct.treatmentId, treatmentId));
  const chosen: { stockId: number; quantity: number }[] = [];
  for (const need of needs) {
    const [lot] = await tx
      .select({ id: schema.stock.id })
      .from(schema.stock)
      .where(
        and(
          eq(schema.stock.branchId, branchId),
          eq(schema.stock.productId, need.productId),
          isNull(schema.stock.deletedAt),
          gte(schema.stock.quantity, need.quantity),
        ),
      )
      .orderBy(sql`${schema.stock.expiresIn} ASC NULLS LAST`, asc(schema.stock.id))
      .limit(1);
    if (lot) chosen.push({ stockId: lot.id, quantity: need.quantity });
  }
  return chosen;
}

async function firstAreaOf(tx: Tx, purchasedProductId: number, treatmentId: number) {
  const [chosen] = await tx
    .select({ id: schema.purchasedProductArea.areaId })
    .from(schema.purchasedProductArea)
    .where(eq(schema.purchasedProductArea.purchasedProductId, purchasedProductId))
    .limit(1);
  if (chosen) return [chosen.id];
  const [area] = await tx
    .select({ id: schema.treatmentArea.areaId })
    .from(schema.treatmentArea)
    .where(eq(schema.treatmentArea.treatmentId, treatmentId))
    .orderBy(asc(schema.treatmentArea.areaId))
    .limit(1);
  return area ? [area.id] : [];
}

export async function seedAppointmentFinishesDemo(tx: Tx, now: Date): Promise<void> {
  const clinics = await tx
    .select({ id: schema.branch.id, zone: schema.branch.zone })
    .from(schema.branch)
    .where(and(eq(schema.branch.distributionCenter, false), isNull(schema.branch.deletedAt)))
    .orderBy(asc(schema.branch.id))
    .limit(3);
  const admin = await sessionAs(tx as unknown as Db, 'admin@clinica.mx');
  const at = (instant: Date): Context => ({
    db: tx as unknown as Db,
    clock: { now: () => instant } as Clock,
    session: admin,
  });

  for (const clinic of clinics) {
    const today = localDayAndTime(now, clinic.zone).date;
    let finished = 0;
    for (const held of await heldTreatments(tx, clinic.id)) {
      if (finished >= FINISHES_PER_CLINIC) break;
      const past = await pastAppointmentOf(tx, clinic.id, held.treatmentId, today);
      if (!past) continue;
      const [busy] = await tx
        .select({ id: schema.appointment.id })
        .from(schema.appointment)
        .where(
          and(
            eq(schema.appointment.customerId, held.customerId),
            eq(schema.appointment.date, past.date),
            ne(schema.appointment.id, past.id),
          ),
        )
        .limit(1);
      if (busy) continue;
      // The customer came for the treatment they bought: the appointment is theirs, under way.
      await tx
        .update(schema.appointment)
        .set({
          customerId: held.customerId,
          purchasedProductId: held.id,
          appointmentOption: 'purchasedProducts',
          status: 'inProcess',
        })
        .where(eq(schema.appointment.id, past.id));
      const start = new Date(instantOf(past.date, past.startTime.slice(0, 5), clinic.zone));
      await finishAppointment(at(new Date(start.getTime() + 30 * MINUTE)), past.id, {
        status: 'finished',
        attendedById: past.attendedById!,
        sessions: [{ areasIds: await firstAreaOf(tx, held.id, held.treatmentId) }],
        stockIds: await lotsForSession(tx, clinic.id, held.treatmentId),
        consent: true,
      });
      finished += 1;
    }

    // Customers who did not come: their appointment back to scheduled, the miss recorded that day.
    const missed = await tx
      .select({
        id: schema.appointment.id,
        date: schema.appointment.date,
        startTime: schema.appointment.startTime,
      })
      .from(schema.appointment)
      .where(
        and(
          eq(schema.appointment.branchId, clinic.id),
          eq(schema.appointment.status, 'absence'),
          lt(schema.appointment.date, today),
        ),
      )
      .orderBy(asc(schema.appointment.date), asc(schema.appointment.id))
      .limit(ABSENCES_PER_CLINIC);
    for (const row of missed) {
      await tx
        .update(schema.appointment)
        .set({ status: 'scheduled' })
        .where(eq(schema.appointment.id, row.id));
      const start = new Date(instantOf(row.date, row.startTime.slice(0, 5), clinic.zone));
      await finishAppointment(at(new Date(start.getTime() + 20 * MINUTE)), row.id, {
        status: 'absence',
        sessions: [],
        stockIds: [],
      });
    }
  }
}
