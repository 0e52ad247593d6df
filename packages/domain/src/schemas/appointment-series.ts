import { z } from 'zod';
import { APPOINTMENT_METHODS, isOnSlot } from '../agenda';
import { date, id, labelled, optionalText, requiredOr, time } from '../fields';
import { msg } from '../messages';
import { SERIES_INTERVALS, isSeriesInterval } from '../series';
import { appointmentRecord } from './agenda';
import { ref } from './common';

/** A session series (CONTRACT §15): the preview of the remaining sessions, then their booking. */

const INTERVAL_LABEL = 'Intervalo (días)';
const intervalMessage = `El campo ${INTERVAL_LABEL} debe ser ${SERIES_INTERVALS.slice(0, -1).join(', ')} o ${SERIES_INTERVALS.at(-1)}`;

/** Days between sessions: one of spec 002 §9's service intervals but 0; a query's text too. */
const intervalDays = labelled(
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: requiredOr(INTERVAL_LABEL, intervalMessage) })
      .refine(isSeriesInterval, intervalMessage),
  ),
  INTERVAL_LABEL,
);

/** A start on the grid: 'HH:mm' in 30-minute steps. */
const slotTime = (label: string) =>
  time(label).refine(isOnSlot, `El campo ${label} va en pasos de 30 minutos`);

/**
 * GET /appointment/series/preview: where each remaining session of a purchased treatment would
 * go, starting on `date` at `startTime`, one every `intervalDays` (in `cabainId` when given).
 */
export const seriesPreviewQuery = z.strictObject({
  purchasedProductId: id('Producto adquirido'),
  branchId: id('Sucursal'),
  date: date('Fecha'),
  startTime: slotTime('Hora de inicio'),
  intervalDays,
  cabainId: id('Cabina').optional(),
});
export type SeriesPreviewQuery = z.infer<typeof seriesPreviewQuery>;

/** Why a session cannot go at the asked time: the catalogue's code and message (§13). */
export const seriesRefusal = z.object({ code: z.number().int(), message: z.string() });

export const seriesPreviewItem = z.object({
  /** The session's number of the purchased treatment (the next one to book is the first). */
  session: z.number().int(),
  date: z.string().describe('YYYY-MM-DD, día local de la sucursal'),
  startTime: z.string().nullable().describe('HH:mm; null si no hay horario libre ese día'),
  endTime: z.string().nullable(),
  cabain: ref.nullable(),
  available: z.boolean(),
  /** Free only at another start of that day: the nearest one is proposed. */
  moved: z.boolean(),
  /** The refusal at the asked time, when it was not free there; null when it was. */
  reason: seriesRefusal.nullable(),
});
export type SeriesPreviewItem = z.infer<typeof seriesPreviewItem>;

export const seriesPreview = z.object({
  purchasedProduct: z.object({
    id: z.number().int(),
    treatment: ref,
    sessions: z.number().int(),
    currentSession: z.number().int(),
  }),
  remaining: z.number().int(),
  items: z.array(seriesPreviewItem),
});
export type SeriesPreview = z.infer<typeof seriesPreview>;

const seriesSession = z.strictObject({
  date: date('Fecha'),
  startTime: slotTime('Hora de inicio'),
  cabainId: id('Cabina'),
});

/**
 * POST /appointment/series/create: the sessions as the preview (edited) left them, booked in one
 * transaction through the ordinary create path; at least one, at most the remaining ones.
 */
export const seriesCreateBody = z.strictObject({
  purchasedProductId: id('Producto adquirido'),
  branchId: id('Sucursal'),
  intervalDays,
  appointmentMethod: labelled(
    z.enum(APPOINTMENT_METHODS, {
      error: requiredOr('Método de cita', msg.option('Método de cita')),
    }),
    'Método de cita',
  ),
  attendedById: z
    .preprocess((value) => (value === '' || value === 0 ? null : value), id('Atiende').nullable())
    .optional(),
  observations: optionalText('Observaciones', { max: 500 }).optional(),
  sessions: labelled(
    z
      .array(seriesSession, { error: requiredOr('Sesiones', msg.invalid('Sesiones')) })
      .min(1, msg.required('Sesiones'))
      .max(100, 'Una serie admite máximo 100 sesiones'),
    'Sesiones',
  ),
});
export type SeriesCreateBody = z.infer<typeof seriesCreateBody>;

export const seriesCreated = z.object({
  seriesId: z.string().describe('uuid de la serie; cada cita la lleva en seriesId'),
  items: z.array(appointmentRecord),
});
export type SeriesCreated = z.infer<typeof seriesCreated>;
