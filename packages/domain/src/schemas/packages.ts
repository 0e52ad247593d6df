import { z } from 'zod';
import { durationMinutes } from '../catalogue-math';
import { TIME_RE, date, id, labelled, text, time } from '../fields';
import { msg } from '../messages';
import {
  CABIN_TIME_STEP,
  OFFER_TYPES,
  OFFER_TYPE_LABELS,
  SALE_PAYMENT_METHODS,
  offerRuleProblems,
} from '../packages';
import { listQuery } from './common';
import { amount, flag01, idName, ids, photoRef, whole } from './catalogue-fields';

/** Packages and promotions (spec 002 §3, §5, §7; CONTRACT §11), both at `/package` by `type`. */

export const offerType = labelled(
  z.enum(OFFER_TYPES, {
    error: (issue) => (issue.input === undefined ? msg.required('Tipo') : msg.option('Tipo')),
  }),
  'Tipo',
  OFFER_TYPE_LABELS,
);

/** Cabin time 'HH:mm' in the agenda's 30-minute steps, at least 30 minutes. */
const cabainTime = labelled(
  z
    .string({ error: () => msg.required('Tiempo de cabina') })
    .regex(TIME_RE, msg.time('Tiempo de cabina'))
    .refine(
      (value) => durationMinutes(value) > 0 && durationMinutes(value) % CABIN_TIME_STEP === 0,
      'El campo Tiempo de cabina va en pasos de 30 minutos',
    ),
  'Tiempo de cabina',
);

const paymentType = labelled(
  z
    .array(z.enum(SALE_PAYMENT_METHODS, { error: () => msg.option('Tipo de pago') }), {
      error: () => msg.required('Tipo de pago'),
    })
    .min(1, msg.required('Tipo de pago'))
    .transform((values) => [...new Set(values)]),
  'Tipo de pago',
);

const offerLine = z.strictObject({
  treatmentId: id('Tratamiento'),
  areasIds: ids('Áreas'),
  /** Packages only, at least 1; a promotion's lines leave it out (or null). */
  sessions: whole('Sesiones', 1).nullable().optional(),
  limit: whole('Límite', 1),
  regularPrice: amount('Precio regular'),
  promotionPrice: amount('Precio'),
});
export type OfferLineBody = z.output<typeof offerLine>;

const lines = labelled(
  z
    .array(offerLine, { error: () => msg.required('Tratamientos') })
    .min(1, msg.required('Tratamientos'))
    .max(50, 'Una oferta admite máximo 50 tratamientos'),
  'Tratamientos',
);

const optionalDate = (label: string) => date(label).nullable().optional();
const optionalTime = (label: string) => time(label).nullable().optional();

const offerFields = {
  type: offerType,
  sku: text('SKU', { min: 4, max: 12 }),
  name: text('Nombre', { max: 80 }),
  description: text('Descripción', { max: 500 }),
  treatmentTypeId: id('Tipo de tratamiento'),
  categoryId: id('Categoría'),
  points: whole('Puntos'),
  cabainTime,
  branchesIds: ids('Sucursales'),
  paymentType,
  status: flag01('Activo').optional(),
  validBySchedule: flag01('Tiempo limitado').optional(),
  startDate: optionalDate('Fecha de inicio'),
  endDate: optionalDate('Fecha de fin'),
  validByTime: flag01('Por horario').optional(),
  startTime: optionalTime('Hora de inicio'),
  endTime: optionalTime('Hora de fin'),
  treatmentPackage: lines,
};

/** POST /package/create: `price` and `regularPrice` are computed from the lines, never sent. */
export const offerBody = z.strictObject(offerFields).superRefine((body, ctx) => {
  for (const problem of offerRuleProblems(body))
    ctx.addIssue({ code: 'custom', path: problem.field.split('.'), message: problem.message });
});

/**
 * PUT /package/{id}/update: the create's body, fields left out keep their values. The SKU and the
 * type are locked: a SKU sent is ignored (the screens remove it), another type is refused. The
 * linked rules are checked by the API on the offer as it will be saved.
 */
export const offerUpdateBody = z.strictObject(offerFields).partial();

export const offerQuery = listQuery.extend({
  type: offerType.optional(),
  treatmentTypeId: id('Tipo de tratamiento').optional(),
  categoryId: id('Categoría').optional(),
  /** Offered at this branch; with `onSale`, the branch it is on sale at (the caller's by default). */
  branchId: id('Sucursal').optional(),
  /** `1`/`true`: only those on sale now (at `branchId`, paid with `paymentMethod` if given). */
  onSale: z
    .enum(['true', 'false', '1', '0'], { error: 'onSale debe ser true o false' })
    .optional()
    .transform((value) => value === 'true' || value === '1'),
  paymentMethod: z
    .enum(SALE_PAYMENT_METHODS, { error: () => msg.option('Método de pago') })
    .optional(),
});

const lineRecord = z.object({
  id: z.number().int(),
  treatmentId: z.number().int(),
  treatment: z.object({ id: z.number().int(), name: z.string(), sku: z.string() }),
  areasIds: z.array(z.number().int()),
  areas: z.array(z.object({ id: z.number().int(), name: z.string(), place: z.string() })),
  sessions: z.number().int().nullable(),
  limit: z.number().int(),
  regularPrice: z.number(),
  promotionPrice: z.number(),
});

export const offerRecord = z.object({
  id: z.number().int(),
  type: z.enum(OFFER_TYPES),
  sku: z.string(),
  name: z.string(),
  description: z.string(),
  photo: photoRef.nullable(),
  treatmentTypeId: z.number().int(),
  treatmentType: idName,
  categoryId: z.number().int(),
  category: idName,
  points: z.number().int(),
  cabainTime: z.string(),
  cabainTimeLabel: z.string(),
  price: z.number(),
  regularPrice: z.number(),
  branchesIds: z.array(z.number().int()),
  branches: z.array(z.object({ id: z.number().int(), name: z.string(), zone: z.string() })),
  paymentType: z.array(z.string()),
  status: z.number().int(),
  validBySchedule: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  validByTime: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  treatmentPackage: z.array(lineRecord),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type OfferRecord = z.infer<typeof offerRecord>;
