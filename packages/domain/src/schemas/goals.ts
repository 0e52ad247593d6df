import { z } from 'zod';
import { fieldLabels, id, requiredOr } from '../fields';
import { msg } from '../messages';
import { amount } from './catalogue-fields';
import { listQuery, ref } from './common';

/** Monthly sales goals per branch (spec 002 §2, §3, §5, §7, §9; CONTRACT §11). */

/** Years a goal may name. */
export const GOAL_YEARS = { min: 2000, max: 2100 } as const;

export const goalMessages = {
  month: 'El campo Mes debe tener dos dígitos, de 01 a 12',
  year: `El campo Año debe tener cuatro dígitos, de ${GOAL_YEARS.min} a ${GOAL_YEARS.max}`,
} as const;

/** The month as two digits, '01' to '12' (spec 002 §5). */
export const goalMonth = z
  .string({ error: requiredOr('Mes', goalMessages.month) })
  .min(1, { message: msg.required('Mes'), abort: true })
  .regex(/^(0[1-9]|1[0-2])$/, goalMessages.month)
  .register(fieldLabels, { label: 'Mes' });

/** The year as text, 'YYYY' (spec 002 §5). */
export const goalYear = z
  .string({ error: requiredOr('Año', goalMessages.year) })
  .min(1, { message: msg.required('Año'), abort: true })
  .regex(/^\d{4}$/, goalMessages.year)
  .refine(
    (value) => Number(value) >= GOAL_YEARS.min && Number(value) <= GOAL_YEARS.max,
    goalMessages.year,
  )
  .register(fieldLabels, { label: 'Año' });

const goalFields = {
  /** The month's sales goal in pesos: more than 0, so its percentage means something. */
  goal: amount('Meta', 0.01),
  branchId: id('Sucursal'),
  month: goalMonth,
  year: goalYear,
};

/** POST /goal/create: one goal per branch and month (500 code 37 when it exists). */
export const goalBody = z.strictObject(goalFields);
/** PUT|PATCH /goal/{id}/update: the create's fields; those left out keep their values. */
export const goalUpdateBody = goalBody.partial();

export const goalQuery = listQuery.extend({
  branchId: id('Sucursal').optional(),
  month: goalMonth.optional(),
  year: goalYear.optional(),
});

export const goalRecord = z.object({
  id: z.number().int(),
  /** The specification's name for the id (spec 002 §3), kept for its clients. */
  goal_id: z.number().int(),
  goal: z.number(),
  month: z.string(),
  year: z.string(),
  branch: ref,
  /** Paid sales of the branch in that month, net of refunds. */
  totalSale: z.number(),
  /** goal − totalSale, at least 0. */
  remaining: z.number(),
  /** goal ÷ the days of the month. */
  dailyGoal: z.number(),
  /** totalSale ÷ goal × 100, 2 decimals. */
  percentage: z.number(),
  created_at: z.string(),
});
export type GoalRecord = z.infer<typeof goalRecord>;
