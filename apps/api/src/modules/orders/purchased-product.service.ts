import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  NotFound,
  type AppointmentRecord,
  type PurchasedProductDetail,
  type missedAppointment,
  type purchasedProductFinishBody,
} from '@clinica/domain';
import {
  appointment,
  appointmentSession,
  appointmentSessionArea,
  area,
  branch,
  cabin,
  customer,
  product,
  purchasedProduct,
  treatment,
  treatmentProduct,
  user,
} from '../../db/schema';
import type { Context } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { inScope } from '../../platform/write';
import { finishAppointment } from '../agenda/appointment-finish.service';
import { purchasedProductsWhere } from './order-read';

/**
 * The spec's purchased-product calls (spec 002 §7). A customer's purchased products are the
 * chain's (any branch may book them, CONTRACT §5); the appointments given on them are read in the
 * caller's scope. Finishing by purchased product is the agenda's finish (`finishAppointment`) of
 * its in-process appointment: one path for both calls.
 */

type FinishBody = z.output<typeof purchasedProductFinishBody>;
type Missed = z.infer<typeof missedAppointment>;

const attendant = alias(user, 'attendant');
const personName = sql<string>`concat_ws(' ', ${attendant.name}, ${attendant.lastName})`;
const hhmm = (value: string) => value.slice(0, 5);

/** GET /purchased-product/customer/{id}: newest first, with products per session and sessions. */
export async function purchasedProductsOfCustomer(
  ctx: Context,
  customerId: number,
): Promise<PurchasedProductDetail[]> {
  const [held] = await ctx.db
    .select({ id: customer.id })
    .from(customer)
    .where(and(eq(customer.id, customerId), isNull(customer.deletedAt)));
  if (!held) throw notFound(NotFound.customer);
  const products = await purchasedProductsWhere(
    ctx.db,
    eq(purchasedProduct.customerId, customerId),
  );
  if (products.length === 0) return [];
  const treatmentIds = [...new Set(products.map((item) => item.treatment.id))];
  const perSession = await ctx.db
    .select({
      treatmentId: treatmentProduct.treatmentId,
      id: product.id,
      name: product.name,
      quantity: treatmentProduct.quantity,
    })
    .from(treatmentProduct)
    .innerJoin(product, eq(product.id, treatmentProduct.productId))
    .where(inArray(treatmentProduct.treatmentId, treatmentIds))
    .orderBy(asc(product.name));
  const sessions = await ctx.db
    .select({
      id: appointmentSession.id,
      purchasedProductId: appointmentSession.purchasedProductId,
      number: appointmentSession.number,
      appointmentId: appointment.id,
      date: appointment.date,
      attendedById: attendant.id,
      attendedByName: personName,
    })
    .from(appointmentSession)
    .innerJoin(appointment, eq(appointment.id, appointmentSession.appointmentId))
    .leftJoin(attendant, eq(attendant.id, appointment.attendedById))
    .where(
      inArray(
        appointmentSession.purchasedProductId,
        products.map((item) => item.id),
      ),
    )
    .orderBy(asc(appointmentSession.number));
  const areas = new Map<number, { id: number; name: string }[]>();
  if (sessions.length > 0)
    for (const row of await ctx.db
      .select({ sessionId: appointmentSessionArea.sessionId, id: area.id, name: area.name })
      .from(appointmentSessionArea)
      .innerJoin(area, eq(area.id, appointmentSessionArea.areaId))
      .where(
        inArray(
          appointmentSessionArea.sessionId,
          sessions.map((item) => item.id),
        ),
      )
      .orderBy(asc(area.name)))
      areas.set(row.sessionId, [
        ...(areas.get(row.sessionId) ?? []),
        { id: row.id, name: row.name },
      ]);
  return products.map((item) => ({
    ...item,
    treatmentProducts: perSession
      .filter((row) => row.treatmentId === item.treatment.id)
      .map((row) => ({ product: { id: row.id, name: row.name }, quantity: row.quantity })),
    sessionList: sessions
      .filter((row) => row.purchasedProductId === item.id)
      .map((row) => ({
        number: row.number,
        appointmentId: row.appointmentId,
        date: row.date,
        attendedBy:
          row.attendedById === null ? null : { id: row.attendedById, name: row.attendedByName },
        areas: areas.get(row.id) ?? [],
      })),
  }));
}

/**
 * PUT|POST /purchased-product/{id}/finish: the CONTRACT §13 finish of its in-process appointment
 * (or of `appointmentId`, which must be one of its own), reached in the caller's scope; none is
 * 404 code 12.
 */
export async function finishPurchasedProduct(
  ctx: Context,
  id: number,
  body: FinishBody,
): Promise<AppointmentRecord> {
  const { appointmentId, ...finish } = body;
  const [target] = await ctx.db
    .select({ id: appointment.id })
    .from(appointment)
    .where(
      and(
        eq(appointment.purchasedProductId, id),
        inScope(ctx.session, appointment.branchId),
        appointmentId ? eq(appointment.id, appointmentId) : eq(appointment.status, 'inProcess'),
      ),
    )
    .orderBy(desc(appointment.date), desc(appointment.startTime))
    .limit(1);
  if (!target) throw notFound(NotFound.appointment);
  return finishAppointment(ctx, target.id, { ...finish, status: 'finished' });
}

/** GET /missed-appointment/{id}/purchased-product: its absences, newest first, in scope. */
export async function missedAppointmentsOf(ctx: Context, id: number): Promise<Missed[]> {
  const rows = await ctx.db
    .select({
      id: appointment.id,
      appointmentNumber: appointment.appointmentNumber,
      date: appointment.date,
      startTime: appointment.startTime,
      endTime: appointment.endTime,
      status: appointment.status,
      branchId: branch.id,
      branchName: branch.name,
      cabinId: cabin.id,
      cabinName: cabin.name,
      attendedById: attendant.id,
      attendedByName: personName,
      treatmentId: treatment.id,
      treatmentName: treatment.name,
      createdAt: appointment.createdAt,
    })
    .from(appointment)
    .innerJoin(purchasedProduct, eq(purchasedProduct.id, appointment.purchasedProductId))
    .innerJoin(treatment, eq(treatment.id, purchasedProduct.treatmentId))
    .innerJoin(branch, eq(branch.id, appointment.branchId))
    .innerJoin(cabin, eq(cabin.id, appointment.cabinId))
    .leftJoin(attendant, eq(attendant.id, appointment.attendedById))
    .where(
      and(
        eq(appointment.purchasedProductId, id),
        eq(appointment.status, 'absence'),
        inScope(ctx.session, appointment.branchId),
      ),
    )
    .orderBy(desc(appointment.date), desc(appointment.startTime));
  return rows.map((row) => ({
    id: row.id,
    appointmentNumber: row.appointmentNumber,
    date: row.date,
    startTime: hhmm(row.startTime),
    endTime: hhmm(row.endTime),
    status: row.status as Missed['status'],
    branch: { id: row.branchId, name: row.branchName },
    cabain: { id: row.cabinId, name: row.cabinName },
    attendedBy:
      row.attendedById === null ? null : { id: row.attendedById, name: row.attendedByName },
    treatment: { id: row.treatmentId, name: row.treatmentName },
    created_at: row.createdAt.toISOString(),
  }));
}
