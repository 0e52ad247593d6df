import { z } from 'zod';
import { isOnSlot } from '../agenda';
import { date, email, id, optionalText, phone, text, time } from '../fields';

/**
 * The public calls of online booking (CONTRACT §15): what a customer's phone sends and reads, and
 * nothing more. No answer here carries a customer, staff member, cabin, cost or fee.
 */

/** A clinic as the booking page shows it. */
export const publicBranch = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().describe('Una línea: calle, números, colonia, ciudad, estado, C.P.'),
  phone: z.string().nullable(),
  zone: z.string().describe('Zona horaria IANA de la sucursal'),
  schedule: z.array(
    z.object({
      day: z.number().int().describe('0 = lunes … 6 = domingo'),
      opening: z.string(),
      closing: z.string(),
    }),
  ),
});

export const publicTreatmentsQuery = z.strictObject({ branchId: id('Sucursal') });

/** A treatment offered online at a branch. */
export const publicTreatment = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  term: z.string().describe('Duración HH:mm'),
  duration: z.number().int().describe('Minutos'),
  price: z.number(),
});

export const availabilityQuery = z.strictObject({
  branchId: id('Sucursal'),
  treatmentId: id('Tratamiento'),
  date: date('Fecha'),
});

export const availability = z.object({
  branchId: z.number().int(),
  treatmentId: z.number().int(),
  date: z.string(),
  duration: z.number().int(),
  times: z.array(z.string()).describe('Inicios HH:mm libres, en pasos de 30 minutos'),
});

const slotTime = (label: string) =>
  time(label).refine(isOnSlot, `El campo ${label} va en pasos de 30 minutos`);

/** POST /public/booking/request. */
export const bookingRequestBody = z.strictObject({
  branchId: id('Sucursal'),
  treatmentId: id('Tratamiento'),
  date: date('Fecha'),
  startTime: slotTime('Hora de inicio'),
  name: text('Nombre', { max: 50 }),
  lastName: text('Apellido paterno', { max: 50 }),
  motherLastName: optionalText('Apellido materno', { max: 50 }).optional(),
  birthday: date('Fecha de nacimiento'),
  mobilePhone: phone('Celular'),
  email: email('Correo electrónico'),
});

export const bookingRequestAnswer = z.object({
  requestId: z.string().describe('22 caracteres opacos'),
  expiresAt: z.string(),
});

/** POST /public/booking/confirm: the code is read case-insensitively. */
export const bookingConfirmBody = z.strictObject({
  requestId: z
    .string({ error: 'El campo requestId es obligatorio' })
    .regex(/^[A-Za-z0-9_-]{22}$/, 'El campo requestId no es válido'),
  code: z
    .string({ error: 'El campo Código es obligatorio' })
    .trim()
    .regex(/^[A-Za-z0-9]{6}$/, 'El campo Código debe tener 6 caracteres')
    .transform((value) => value.toUpperCase()),
});

export const publicPlace = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
});

/** The booked appointment, as the customer may see it. */
export const bookedAppointment = z.object({
  id: z.number().int(),
  appointmentNumber: z.number().int(),
  folio: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  branch: publicPlace,
  treatment: z.object({ name: z.string() }),
  link: z.string().describe('/cita/{token}: confirmar o cancelar'),
});

/** The token of the customer's link (`/cita/{token}`). */
export const appointmentTokenParams = z.object({
  token: z.string().min(1).max(200).describe('El token del enlace de la cita'),
});

/** An appointment as its link shows it: no customer data. */
export const linkedAppointment = z.object({
  folio: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.string(),
  confirmMethod: z.string().nullable(),
  branch: publicPlace,
  treatment: z.object({ name: z.string() }),
  cancelUntil: z.string().describe('Hasta cuándo la clienta puede cancelar desde el enlace'),
});
