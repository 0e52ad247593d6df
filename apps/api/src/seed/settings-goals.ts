import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import * as schema from '../db/schema';
import type { Clock } from '../platform/clock';
import type { Context } from '../platform/context';
import { sessionAs } from './demo-history';
import { updateSetting } from '../modules/settings-goals/setting.service';
import { createGoal } from '../modules/settings-goals/goal.service';

/**
 * The demo's settings and goals (issue 14), made by the administrator through the services the API
 * calls, so each change is in the history: the exchange rate changed four times over the last five
 * months (the rate history the settings screen shows), and a sales goal for every clinic for the
 * last five months, this one and the next. Runs inside the demo seed's transaction, after the staff.
 */

const DAY = 86_400_000;

/** Rates of the last months, pesos per dollar, oldest first, with how many days ago each was set. */
const RATES = [
  { daysAgo: 150, exchangeRate: 18.955 },
  { daysAgo: 96, exchangeRate: 19.215 },
  { daysAgo: 41, exchangeRate: 18.7425 },
  { daysAgo: 8, exchangeRate: 18.356 },
];

/** Each clinic's usual monthly goal, by its order among the clinics; months vary around it. */
const BASE_GOALS = [180_000, 140_000, 120_000];
const SEASON = [1, 1.05, 0.95, 1.1, 1, 1.15, 1.2];

/** The month `offset` months from `now`'s (UTC), as the API names it. */
function monthFrom(now: Date, offset: number) {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return {
    year: String(date.getUTCFullYear()),
    month: String(date.getUTCMonth() + 1).padStart(2, '0'),
    start: date,
  };
}

export async function seedSettingsGoalsDemo(tx: Tx, now: Date): Promise<void> {
  const session = await sessionAs(tx as unknown as Db, 'admin@clinica.mx');
  const as = (at: Date): Context => ({
    db: tx as unknown as Db,
    clock: { now: () => at } as Clock,
    session,
  });

  for (const rate of RATES) {
    await updateSetting(as(new Date(now.getTime() - rate.daysAgo * DAY)), 1, {
      exchangeRate: rate.exchangeRate,
    });
  }

  const clinics = await tx
    .select({ id: schema.branch.id })
    .from(schema.branch)
    .where(eq(schema.branch.distributionCenter, false))
    .orderBy(asc(schema.branch.id));
  for (let offset = -5; offset <= 1; offset += 1) {
    const { year, month, start } = monthFrom(now, offset);
    // Set a few days before the month began (never later than now).
    const setAt = new Date(Math.min(start.getTime() - 3 * DAY, now.getTime()));
    for (const [index, clinic] of clinics.entries()) {
      const base = BASE_GOALS[index % BASE_GOALS.length]!;
      const goal = Math.round((base * SEASON[offset + 5]!) / 500) * 500;
      await createGoal(as(setAt), { goal, branchId: clinic.id, month, year });
    }
  }
}
