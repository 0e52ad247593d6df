import { z } from 'zod';
import { date, fieldLabels, id, requiredOr } from '../fields';

/**
 * The filters and the answer shape every report of CONTRACT §14 shares: `month` `YYYY-MM`,
 * `year` `YYYY`, `startDate`/`endDate` branch-local days (both inclusive), `branchId`. A bad
 * format is a 400 naming the field; each report declares which are required.
 */

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
const YEAR_RE = /^\d{4}$/;

export const reportMessages = {
  month: (label: string) => `El campo ${label} debe ser un mes válido (AAAA-MM)`,
  year: (label: string) => `El campo ${label} debe ser un año válido (AAAA)`,
  range: 'La fecha final no puede ser anterior a la inicial',
};

/** A calendar month, `YYYY-MM` (year 0000 is not one). */
export function reportMonth(label = 'Mes') {
  return z
    .string({ error: requiredOr(label, reportMessages.month(label)) })
    .regex(MONTH_RE, reportMessages.month(label))
    .refine((value) => !value.startsWith('0000'), reportMessages.month(label))
    .register(fieldLabels, { label });
}

/** A calendar year, `YYYY` (year 0000 is not one). */
export function reportYear(label = 'Año') {
  return z
    .string({ error: requiredOr(label, reportMessages.year(label)) })
    .regex(YEAR_RE, reportMessages.year(label))
    .refine((value) => value !== '0000', reportMessages.year(label))
    .register(fieldLabels, { label });
}

export const reportBranch = { branchId: id('Sucursal').optional() };

/** `startDate`/`endDate`, each optional; with `reportQuery` the end is not before the start. */
export const reportDates = {
  startDate: date('Fecha inicial').optional(),
  endDate: date('Fecha final').optional(),
};

/**
 * A report's query from its fields (e.g. `{ ...reportBranch, ...reportDates }`); an `endDate` before `startDate` is a 400 naming `endDate`. Build the whole shape first: zod
 * cannot extend an object once it carries a refinement.
 */
export function reportQuery<S extends z.ZodRawShape>(shape: S) {
  return z
    .object(shape)
    .refine(
      (q: Record<string, unknown>) =>
        typeof q.startDate !== 'string' ||
        typeof q.endDate !== 'string' ||
        q.startDate <= q.endDate,
      { message: reportMessages.range, path: ['endDate'] },
    );
}

/** `{ items, totals }`: the answer of every report but the paged customers report. */
export function reportOf<I extends z.ZodType, T extends z.ZodType>(item: I, totals: T) {
  return z.object({ items: z.array(item), totals });
}
