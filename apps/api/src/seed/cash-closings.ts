import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { addDays, expectedCash, instantOf, localDay } from '@clinica/domain';
import { queryRows, type Db, type Tx } from '../db/client';
import * as schema from '../db/schema';
import type { Clock } from '../platform/clock';
import type { Context } from '../platform/context';
import { sessionAs } from './demo-history';
import { dayFigures } from '../modules/cash-closings/cash-closing-figures';
import { createClosing } from '../modules/cash-closings/cash-closing.service';

/**
 * The demo's daily cash closings (issue 27): in every clinic, each day of the past weeks that had
 * a sale or a refund, from five weeks ago to a week ago (today and yesterday stay open, as do the
 * days just before), closed at 21:00 through the closing's own service, so every record adds up
 * to the day's payments. About one in five was counted a few pesos off, so the screens show a
 * difference. Seeded last: nothing the demo writes afterwards is dated into a closed day.
 *
 * Under the tests (VITEST) only days before TESTS_OPEN_FROM are closed: the API tests run on a
 * ManualClock from 2026-11-20 and sell, refund and settle on that day and the next few.
 */

const FIRST_DAYS_AGO = 35;
const LAST_DAYS_AGO = 7;
const TESTS_OPEN_FROM = '2026-11-13';
const OFF_BY = [-20, 0, 0, 10, 0, -5, 0, 0, 0, 0];

export async function seedCashClosingsDemo(tx: Tx, now: Date): Promise<void> {
  const clinics = await tx
    .select({ id: schema.branch.id, zone: schema.branch.zone })
    .from(schema.branch)
    .where(and(eq(schema.branch.distributionCenter, false), isNull(schema.branch.deletedAt)))
    .orderBy(asc(schema.branch.id));
  if (clinics.length === 0) return;
  const admin = await sessionAs(tx as unknown as Db, 'admin@clinica.mx');
  let serial = 0;
  for (const clinic of clinics) {
    const today = localDay(now, clinic.zone);
    const from = addDays(today, -FIRST_DAYS_AGO);
    let to = addDays(today, -LAST_DAYS_AGO);
    if (process.env.VITEST && to >= TESTS_OPEN_FROM) to = addDays(TESTS_OPEN_FROM, -1);
    if (to < from) continue;
    const days = await queryRows<{ day: string }>(
      tx,
      sql`SELECT DISTINCT to_char(d, 'YYYY-MM-DD') AS day FROM (
            SELECT paid_date AS d FROM orders WHERE branch_id = ${clinic.id} AND paid_date BETWEEN ${from}::date AND ${to}::date
            UNION SELECT refund_date FROM orders WHERE branch_id = ${clinic.id} AND refund_date BETWEEN ${from}::date AND ${to}::date
            UNION SELECT paid_date FROM cash_order WHERE branch_id = ${clinic.id} AND paid_date BETWEEN ${from}::date AND ${to}::date
            UNION SELECT refund_date FROM cash_order WHERE branch_id = ${clinic.id} AND refund_date BETWEEN ${from}::date AND ${to}::date
          ) AS active ORDER BY day`,
    );
    for (const { day } of days) {
      const instant = instantOf(day, '21:00', clinic.zone);
      const ctx: Context = {
        db: tx as unknown as Db,
        clock: { now: () => instant } as Clock,
        session: admin,
      };
      const { figures } = await dayFigures(tx, clinic.id, day);
      const off = OFF_BY[serial % OFF_BY.length]!;
      serial += 1;
      await createClosing(ctx, {
        branchId: clinic.id,
        date: day,
        countedCash: Math.max(0, expectedCash(figures) + off),
        countedCashDollars: figures.cashTotalDollars,
        comments: off === 0 ? null : 'Diferencia en el conteo del efectivo',
      });
    }
  }
}
