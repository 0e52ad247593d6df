import { asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { settingRoutes, type exchangeRateAtQuery, type exchangeRateEntry } from '@clinica/domain';
import type { Executor } from '../../db/client';
import { exchangeRateHistory, user } from '../../db/schema';
import type { Context } from '../../platform/context';
import { listPage, listSpec } from '../../platform/list';

/**
 * The exchange rate over time (CONTRACT §11: a sale or closing records the rate it used). Each
 * change of the settings' rate adds a row with the instant it took effect; the rate of an instant
 * is the last one that took effect at or before it.
 */

type RateEntry = z.infer<typeof exchangeRateEntry>;

const columns = {
  id: exchangeRateHistory.id,
  exchangeRate: exchangeRateHistory.exchangeRate,
  effectiveFrom: exchangeRateHistory.effectiveFrom,
  userId: user.id,
  userName: sql<
    string | null
  >`(${user.name} || ' ' || ${user.lastName} || ' ' || ${user.motherLastName})`,
};
type RateRow = {
  id: number;
  exchangeRate: number;
  effectiveFrom: Date;
  userId: number | null;
  userName: string | null;
};

const present = (row: RateRow): RateEntry => ({
  id: row.id,
  exchangeRate: Number(row.exchangeRate),
  effectiveFrom: row.effectiveFrom.toISOString(),
  user: row.userId === null ? null : { id: row.userId, name: row.userName ?? '' },
});

const rates = (executor: Executor) =>
  executor
    .select(columns)
    .from(exchangeRateHistory)
    .leftJoin(user, eq(user.id, exchangeRateHistory.userId));

/**
 * The rate in force at `instant`, for the sales and the cash closing (inside their transaction):
 * the last rate that took effect at or before it; before the first, the first (as the domain's
 * `rateInForce`). The installation's migration starts the history, so there is always one.
 */
export async function rateAt(executor: Executor, instant: Date): Promise<RateEntry> {
  const [inForce] = await rates(executor)
    .where(lte(exchangeRateHistory.effectiveFrom, instant))
    .orderBy(desc(exchangeRateHistory.effectiveFrom), desc(exchangeRateHistory.id))
    .limit(1);
  const [chosen] = inForce
    ? [inForce]
    : await rates(executor)
        .orderBy(asc(exchangeRateHistory.effectiveFrom), asc(exchangeRateHistory.id))
        .limit(1);
  if (!chosen) throw new Error('El historial del tipo de cambio está vacío');
  return present(chosen);
}

/** GET /setting/exchange-rate?at=: the rate in force at an instant, now by default. */
export function getRateAt(ctx: Context, query: z.output<typeof exchangeRateAtQuery>) {
  return rateAt(ctx.db, query.at ? new Date(query.at) : ctx.clock.now());
}

const spec = listSpec(settingRoutes.rateHistory.list, {
  sortable: {
    effectiveFrom: exchangeRateHistory.effectiveFrom,
    exchangeRate: exchangeRateHistory.exchangeRate,
    id: exchangeRateHistory.id,
  },
  searchable: { exchangeRate: exchangeRateHistory.exchangeRate },
  tieBreaker: exchangeRateHistory.id,
});

/** GET /setting/exchange-rate/history: every rate with the instant it took effect. */
export async function listRateHistory(
  ctx: Context,
  query: z.output<typeof settingRoutes.rateHistory.query>,
) {
  const page = await listPage<typeof columns, RateRow>(ctx, spec, query, {
    columns,
    from: (select) =>
      select
        .from(exchangeRateHistory)
        .leftJoin(user, eq(user.id, exchangeRateHistory.userId))
        .$dynamic(),
  });
  return { meta: page.meta, items: page.items.map(present) };
}
