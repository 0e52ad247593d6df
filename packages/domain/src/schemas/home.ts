import { z } from 'zod';
import { id } from '../fields';
import { ref } from './common';

/**
 * The home (`/dashboard/inicio`, issue 28): each role's picture of the day at a glance, read in
 * one call (`GET /report/home`). Every money figure is the reports' (CONTRACT §14): the day's and
 * the month's `ddcTotal` from the read model `branch_day_money`. A section is null when the
 * caller's role may not open its screen (`homeSectionsOf`).
 */

/** `GET /report/home?branchId`: a chain role may name one branch; a fixed role gets its own. */
export const homeQuery = z.strictObject({ branchId: id('Sucursal').optional() });
export type HomeQuery = z.input<typeof homeQuery>;

const count = z.number().int();

/** The day's appointments of the branch by their current status. */
export const homeAppointments = z.object({
  scheduled: count,
  inProcess: count,
  finished: count,
  absence: count,
  cancelled: count,
  total: count,
});

/** The day's and the month's sales (`ddcTotal`, MXN) against the month's goal. */
export const homeSales = z.object({
  /** Today's `ddcTotal`: Σ totals sold − Σ totals refunded today (the closing's total). */
  today: z.number(),
  /** Σ `ddcTotal` of the month's days up to today (month to date). */
  month: z.number(),
  /** The branch's goal for the month; null without one. */
  goal: z.number().nullable(),
  /** Goal ÷ the days of the month (the domain's `goalProgress`); null without a goal. */
  dailyGoal: z.number().nullable(),
  /** month ÷ goal × 100, 2 decimals; null without a goal. */
  percentage: z.number().nullable(),
});

/** The branch's stock that needs a look: lots to use up soon, products under their minimum. */
export const homeStock = z.object({
  /** Lots with units expired or expiring within 30 days of the branch's today. */
  expiring: count,
  /** Of those, already expired. */
  expired: count,
  /** Products with a minimum (max/min) whose units at the branch are below it. */
  belowMin: count,
});

/** Whether the branch's day is closed (CONTRACT §12), and by whom. */
export const homeClosing = z.object({
  closed: z.boolean(),
  /** The closing, when closed. */
  id: z.number().int().nullable(),
  folio: z.string().nullable(),
  user: z.string().nullable(),
  closedAt: z.string().nullable(),
});

export const homeBranch = z.object({
  branch: ref,
  distributionCenter: z.boolean(),
  /** The branch-local today, `YYYY-MM-DD`. */
  day: z.string(),
  appointments: homeAppointments.nullable(),
  sales: homeSales.nullable(),
  stock: homeStock.nullable(),
  closing: homeClosing.nullable(),
});

/** One of the next appointments of the day: time, customer, treatment, cabin. */
export const homeNextAppointment = z.object({
  id: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.string(),
  customer: ref,
  treatment: z.string(),
  cabin: ref,
});

export const homeAnswer = z.object({
  /** The one branch shown in full; null: the chain's overview, one compact row per branch. */
  branchId: z.number().int().nullable(),
  branches: z.array(homeBranch),
  /** The branch's next appointments of the day (one branch with the agenda's section), else null. */
  next: z.array(homeNextAppointment).nullable(),
});
export type HomeAnswer = z.infer<typeof homeAnswer>;
export type HomeBranch = z.infer<typeof homeBranch>;
