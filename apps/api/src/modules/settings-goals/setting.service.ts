import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { settingRecord, settingUpdateBody } from '@clinica/domain';
import type { Executor } from '../../db/client';
import { exchangeRateHistory, setting } from '../../db/schema';
import type { Context } from '../../platform/context';
import { found, live, resource, setColumns, updateRecord } from '../../platform/write';

/**
 * The chain's one settings record (spec 002 §7; CONTRACT §11). Its changes go through the write
 * path (locked, audited as module `setting`); a new exchange rate also joins the rate history,
 * in force from that instant, in the same transaction.
 */
export const settings = resource({
  table: setting,
  module: 'setting',
  // The catalogue numbers no 404 for settings: the generic one.
  notFound: 0,
});

type Setting = z.infer<typeof settingRecord>;

const columns = {
  id: setting.id,
  exchangeRate: setting.exchangeRate,
  paymentProcessType: setting.paymentProcessType,
  cosmetologyCommissionPercent: setting.cosmetologyCommissionPercent,
};

const present = (row: {
  id: number;
  exchangeRate: number;
  paymentProcessType: string;
  cosmetologyCommissionPercent: number;
}): Setting => ({
  id: row.id,
  exchangeRate: Number(row.exchangeRate),
  paymentProcessType: row.paymentProcessType as Setting['paymentProcessType'],
  cosmetologyCommissionPercent: Number(row.cosmetologyCommissionPercent),
});

const readSetting = async (executor: Executor, id: number) =>
  present((await executor.select(columns).from(setting).where(eq(setting.id, id)))[0]!);

/** GET /setting: the one record. */
export async function getSetting(ctx: Context): Promise<Setting> {
  const [row] = await ctx.db
    .select(columns)
    .from(setting)
    .where(live(ctx, settings, 1));
  return present(found(settings, row));
}

/** PUT /setting/{id}/update: the fields sent; a changed rate is in force from now. */
export function updateSetting(ctx: Context, id: number, body: z.output<typeof settingUpdateBody>) {
  return updateRecord(ctx, settings, id, {
    read: readSetting,
    apply: async (tx, before, now) => {
      await setColumns(tx, settings, id, body, now);
      if (body.exchangeRate !== undefined && body.exchangeRate !== before.exchangeRate) {
        await tx.insert(exchangeRateHistory).values({
          exchangeRate: body.exchangeRate,
          effectiveFrom: now,
          userId: ctx.session.userId,
          createdAt: now,
        });
      }
    },
  });
}
