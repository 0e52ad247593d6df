import { z } from 'zod';
import { TIME_ZONES } from '../constants';
import {
  MAX_INTEGER,
  RFC_RE,
  TIME_RE,
  id,
  labelled,
  optionalText,
  phone,
  requiredOr,
  text,
} from '../fields';
import { msg } from '../messages';
import { listQuery, ref } from './common';

/** Minutes since midnight of an 'HH:mm' time. */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** A day with 00:00–00:00 is a day off (spec 000 §4). */
export const isDayOff = (day: { opening: string; closing: string }) =>
  minutesOf(day.opening) === 0 && minutesOf(day.closing) === 0;

const halfHour = (label: string) =>
  labelled(
    z
      .string({ error: requiredOr(label, msg.time(label)) })
      .transform((value) => value.slice(0, 5))
      .pipe(
        z
          .string()
          // An enabled day needs its range (spec 000 §5): an emptied time is missing, not malformed.
          .min(1, { message: msg.required(label), abort: true })
          .regex(TIME_RE, msg.time(label))
          .refine(
            (value) => minutesOf(value) % 30 === 0,
            `El campo ${label} va en pasos de 30 minutos`,
          ),
      ),
    label,
  );

/** The days of a weekly schedule: 0 (Monday) to 6 (Sunday), as spec 002 §3 (CONTRACT §8). */
export const SCHEDULE_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** One day of a weekly schedule: day 0 (Monday) to 6 (Sunday), 30-minute steps. */
export const scheduleDay = z
  .strictObject({
    day: labelled(
      z
        .number({ error: requiredOr('Día', msg.option('Día')) })
        .int(msg.option('Día'))
        .min(0, msg.option('Día'))
        .max(6, msg.option('Día')),
      'Día',
    ),
    opening: halfHour('Apertura'),
    closing: halfHour('Cierre'),
  })
  .refine((day) => isDayOff(day) || minutesOf(day.opening) < minutesOf(day.closing), {
    path: ['closing'],
    message: 'La hora de cierre debe ser posterior a la de apertura',
  });
export type ScheduleDay = z.infer<typeof scheduleDay>;

/** The week: at most one entry per day; a day left out is a day off. */
export const weekSchedule = labelled(
  z
    .array(scheduleDay)
    .max(7)
    .superRefine((days, ctx) => {
      const seen = new Set<number>();
      days.forEach((entry, index) => {
        if (seen.has(entry.day))
          ctx.addIssue({ code: 'custom', path: [index, 'day'], message: 'El día está repetido' });
        seen.add(entry.day);
      });
    }),
  'Horario',
);

const coordinate = (label: string, limit: number) =>
  labelled(
    z.preprocess(
      (value) =>
        value === '' || value === undefined
          ? null
          : typeof value === 'string'
            ? Number(value)
            : value,
      z
        .number({ error: msg.number(label) })
        .min(-limit, msg.minValue(label, -limit))
        .max(limit, msg.maxValue(label, limit))
        .nullable(),
    ),
    label,
  );

const flag = (label: string) => labelled(z.boolean({ error: msg.boolean(label) }), label);

export const TIME_ZONE_VALUES = TIME_ZONES.map((zone) => zone.value) as [string, ...string[]];

/** POST /branch/create (spec 000 §3, §5). */
export const branchBody = z.strictObject({
  name: text('Nombre', { max: 100 }),
  street: text('Calle', { max: 150 }),
  extNumber: text('Número exterior', { max: 20 }),
  intNumber: optionalText('Número interior', { max: 20 }),
  suburb: text('Colonia', { max: 100 }),
  city: text('Ciudad', { max: 100 }),
  state: text('Estado', { max: 100 }),
  zipCode: text('Código postal', { length: 5 }).regex(/^\d{5}$/, msg.lengthInvalid),
  phone: phone('Teléfono'),
  lat: coordinate('Latitud', 90).optional(),
  lng: coordinate('Longitud', 180).optional(),
  code: text('Código', { length: 10 }),
  zone: labelled(
    z.enum(TIME_ZONE_VALUES, { error: msg.option('Zona horaria') }),
    'Zona horaria',
  ).nullish(),
  franchise: flag('Franquicia').optional(),
  active: flag('Activar').optional(),
  rfc: text('RFC', { max: 13 })
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(RFC_RE, msg.rfcBranch)),
  businessName: text('Razón social', { max: 150 }),
  distributionCenter: flag('Centro de distribución').optional(),
  schedule: weekSchedule.optional(),
});
/** PUT /branch/{id}/update: the create's body; fields left out keep their values (CONTRACT §2). */
export const branchUpdateBody = branchBody.partial();

export const branchQuery = listQuery.extend({
  franchise: z.enum(['0', '1', 'true', 'false'], { error: msg.option('Franquicia') }).optional(),
});

export const branchRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  street: z.string(),
  extNumber: z.string(),
  intNumber: z.string().nullable(),
  suburb: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  phone: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  code: z.string(),
  zone: z.string(),
  franchise: z.boolean(),
  active: z.boolean(),
  rfc: z.string(),
  businessName: z.string(),
  distributionCenter: z.boolean(),
  schedules: z.array(z.object({ day: z.number().int(), opening: z.string(), closing: z.string() })),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type BranchRecord = z.infer<typeof branchRecord>;

/** Cabin types (spec 000 §3): colour is a hex without '#'. */
export const cabinTypeBody = z.strictObject({
  treatmentTypeId: id('Tipo de tratamiento'),
  name: text('Nombre', { max: 60 }),
  order: labelled(
    z
      .number({ error: requiredOr('Orden', msg.number('Orden')) })
      .int(msg.integer('Orden'))
      .min(1, msg.minValue('Orden', 1))
      .max(MAX_INTEGER, msg.maxValue('Orden', MAX_INTEGER)),
    'Orden',
  ),
  color: text('Color')
    .transform((value) => value.replace(/^#/, '').toUpperCase())
    .pipe(z.string().regex(/^[0-9A-F]{6}$/, 'El color debe ser un valor hexadecimal de 6 dígitos')),
});
export const cabinTypeUpdateBody = cabinTypeBody.partial();
export const cabinTypeQuery = listQuery.extend({
  treatmentTypeId: id('Tipo de tratamiento').optional(),
});
export const cabinTypeRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
  color: z.string(),
  treatmentType: z.object({ id: z.number().int(), name: z.string(), appointmentName: z.string() }),
});

/** GET /color: `available=1` leaves out colours other cabin types use (but `cabinTypeId`'s own). */
export const colorQuery = z.object({
  available: z.enum(['0', '1', 'true', 'false']).optional(),
  cabinTypeId: id('Tipo de cabina').optional(),
});

export const cabinMessages = {
  statusOnCreate:
    'El estatus solo se puede cambiar al editar; una cabina nueva siempre está activa',
} as const;

/** Cabins (spec 000 §3, §5). The description is labelled 'Usuario' on screen. */
const cabinFields = {
  name: text('Nombre', { max: 60 }),
  typeId: id('Tipo de cabina'),
  branchId: id('Sucursal'),
  description: optionalText('Usuario', { max: 80 }).optional(),
  schedule: weekSchedule.optional(),
};
/**
 * POST /cabain/create. The status switch exists on edit only (spec 000 §3): a new cabin is
 * active, so `status` is refused unless it says so, as a new employee's is.
 */
export const cabinBody = z.strictObject({
  ...cabinFields,
  status: z
    .literal(true, { error: cabinMessages.statusOnCreate })
    .optional()
    .transform(() => true as const),
});
/** PUT /cabain/{id}/update: the create's fields plus the status switch; left out keeps its value. */
export const cabinUpdateBody = z
  .strictObject({ ...cabinFields, status: flag('Estatus') })
  .partial();
export const cabinQuery = listQuery.extend({
  typeId: id('Tipo de cabina').optional(),
  branchId: id('Sucursal').optional(),
});
export const cabinRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.object({ id: z.number().int(), name: z.string(), color: z.string() }),
  branch: ref,
  status: z.boolean(),
  description: z.string().nullable(),
  schedules: z.array(z.object({ day: z.number().int(), opening: z.string(), closing: z.string() })),
});

export const CATEGORY_TYPES = ['treatment', 'product'] as const;
export const categoryTypeLabels: Record<(typeof CATEGORY_TYPES)[number], string> = {
  treatment: 'Tratamiento',
  product: 'Producto',
};

export const categoryBody = z.strictObject({
  name: text('Nombre', { max: 80 }),
  type: labelled(
    z.enum(CATEGORY_TYPES, { error: requiredOr('Tipo', msg.option('Tipo')) }),
    'Tipo',
    categoryTypeLabels,
  ),
});
export const categoryUpdateBody = categoryBody.partial();
export const categoryQuery = listQuery.extend({
  type: labelled(
    z.enum(CATEGORY_TYPES, { error: msg.option('Tipo') }),
    'Tipo',
    categoryTypeLabels,
  ).optional(),
});
export const categoryRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(CATEGORY_TYPES),
});
