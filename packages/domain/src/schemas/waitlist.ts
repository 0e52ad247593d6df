import { z } from 'zod';
import { APPOINTMENT_METHODS, isOnSlot, minutesOfDay } from '../agenda';
import { date, id, labelled, optionalText, requiredOr, time } from '../fields';
import { msg } from '../messages';
import { WAITLIST_OFFER_STATUSES, WAITLIST_STATUSES } from '../waitlist';
import { listOf, listQuery, ref } from './common';
import { publicPlace } from './online-booking';

/** The waitlist (CONTRACT §15): entries, their offers, and the customer's offer link. */

const slotTime = (label: string) =>
  time(label).refine(isOnSlot, `El campo ${label} va en pasos de 30 minutos`);

/** POST /waitlist/create. Today and the 90 days are the branch's: the API checks them (400). */
export const waitlistBody = z
  .strictObject({
    customerId: id('Paciente'),
    branchId: id('Sucursal'),
    treatmentId: id('Tratamiento'),
    fromDate: date('Desde'),
    toDate: date('Hasta'),
    timeFrom: slotTime('Hora desde').nullable().optional(),
    timeTo: slotTime('Hora hasta').nullable().optional(),
    appointmentMethod: labelled(
      z.enum(APPOINTMENT_METHODS, {
        error: requiredOr('Método de cita', msg.option('Método de cita')),
      }),
      'Método de cita',
    ).optional(),
    notes: optionalText('Notas', { max: 500 }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.toDate < body.fromDate)
      ctx.addIssue({
        code: 'custom',
        path: ['toDate'],
        message: 'El campo Hasta debe ser igual o posterior a Desde',
      });
    if (body.timeFrom && body.timeTo && minutesOfDay(body.timeFrom) >= minutesOfDay(body.timeTo))
      ctx.addIssue({
        code: 'custom',
        path: ['timeTo'],
        message: 'El campo Hora hasta debe ser posterior a Hora desde',
      });
  });
export type WaitlistBody = z.output<typeof waitlistBody>;

/** GET /waitlist: its own status over the common active filter; `date` inside the range. */
export const waitlistQuery = listQuery.extend({
  branchId: id('Sucursal').optional(),
  customerId: id('Paciente').optional(),
  treatmentId: id('Tratamiento').optional(),
  date: date('Fecha').optional(),
});
export const waitlistStatusFilter = {
  status: z.enum(WAITLIST_STATUSES, { error: msg.option('Estatus') }).optional(),
};

export const waitlistOffer = z.object({
  id: z.number().int(),
  appointmentId: z.number().int(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  cabain: ref,
  expiresAt: z.string(),
  status: z.enum(WAITLIST_OFFER_STATUSES),
  link: z.string().describe('/oferta/{token}: aceptar o rechazar'),
});
export type WaitlistOffer = z.infer<typeof waitlistOffer>;

export const waitlistRecord = z.object({
  id: z.number().int(),
  customer: z.object({
    id: z.number().int(),
    customerId: z.number().int(),
    name: z.string(),
    lastName: z.string(),
    motherLastName: z.string().nullable(),
    mobilePhone: z.string().nullable(),
  }),
  branch: ref,
  treatment: ref,
  fromDate: z.string(),
  toDate: z.string(),
  timeFrom: z.string().nullable(),
  timeTo: z.string().nullable(),
  appointmentMethod: z.enum(APPOINTMENT_METHODS),
  notes: z.string().nullable(),
  status: z.enum(WAITLIST_STATUSES),
  offer: waitlistOffer.nullable().describe('La oferta abierta, o null'),
  user: ref.nullable(),
  created_at: z.string(),
});
export type WaitlistRecord = z.infer<typeof waitlistRecord>;

/** GET /waitlist/{id}: the entry with every offer it had. */
export const waitlistDetail = waitlistRecord.extend({ offers: z.array(waitlistOffer) });
export type WaitlistDetail = z.infer<typeof waitlistDetail>;

export const waitlistList = listOf(waitlistRecord);

/** The token of the offer's link (`/oferta/{token}`). */
export const offerTokenParams = z.object({
  token: z.string().min(1).max(200).describe('El token del enlace de la oferta'),
});

/** The offer as its link shows it: no customer data. */
export const publicWaitlistOffer = z.object({
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  branch: publicPlace,
  treatment: z.object({ name: z.string() }),
  expiresAt: z.string(),
  status: z.enum(WAITLIST_OFFER_STATUSES),
});
export type PublicWaitlistOffer = z.infer<typeof publicWaitlistOffer>;
