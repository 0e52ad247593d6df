import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  closingDifference,
  closingFolio,
  Conflict,
  localDay,
  NotFound,
  type ClosingPreview,
  type ClosingRecord,
  type closingBody,
  type closingPreviewQuery,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { branch, dailyCashClosing } from '../../db/schema';
import { audit, changesBetween } from '../../platform/audit';
import { actorOf, type Context } from '../../platform/context';
import { conflict, invalid, notFound, whenViolated } from '../../platform/errors';
import { fixedBranch } from '../../platform/write';
import { closingLockKey } from '../orders/closed-day';
import { rateAt } from '../settings-goals/exchange-rate';
import { dayFigures } from './cash-closing-figures';
import { dayPayments } from './cash-closing-payments';
import { readClosingRow, recordOf } from './cash-closing-read';

/**
 * The daily cash closing (CONTRACT §12): the preview of a branch-day and its close. The close
 * takes the branch-day's advisory lock exclusive (`refuseClosedDay` and the triggers of migration
 * 0030 take it shared) before it reads the day, so every sale of the day either committed before
 * (and is counted) or waits and is then refused 409 code 45; the unique (branch, day) key makes
 * a second close 409 code 44, also between concurrent ones.
 */

const MODULE = 'cashClosing';

/** The branch of a closing: a role fixed to its branch reaches only its own (404 code 26). */
async function closingBranch(executor: Executor, ctx: Context, branchId: number) {
  const fixed = fixedBranch(ctx.session);
  if (fixed !== null && fixed !== branchId) throw notFound(NotFound.cashClosing);
  const [row] = await executor
    .select({ id: branch.id, name: branch.name, zone: branch.zone })
    .from(branch)
    .where(and(eq(branch.id, branchId), isNull(branch.deletedAt)));
  if (!row) throw notFound(NotFound.branch);
  return row;
}

const closedOf = async (executor: Executor, branchId: number, day: string) => {
  const [row] = await executor
    .select({ id: dailyCashClosing.id })
    .from(dailyCashClosing)
    .where(and(eq(dailyCashClosing.branchId, branchId), eq(dailyCashClosing.date, day)));
  return row?.id ?? null;
};

const refuseFuture = (day: string, today: string) => {
  if (day > today)
    throw invalid({ field: 'date', message: 'No se puede cerrar un día posterior a hoy' });
};

/** GET /daily-cash-closing/preview: the figures a close would record, written nowhere. */
export async function previewClosing(
  ctx: Context,
  query: z.output<typeof closingPreviewQuery>,
): Promise<ClosingPreview> {
  const now = ctx.clock.now();
  const place = await closingBranch(ctx.db, ctx, query.branchId);
  const today = localDay(now, place.zone);
  const day = query.date ?? today;
  const [{ figures, products }, rate, closedId, payments] = await Promise.all([
    dayFigures(ctx.db, place.id, day),
    rateAt(ctx.db, now),
    closedOf(ctx.db, place.id, day),
    dayPayments(ctx.db, { branchId: place.id, zone: place.zone }, day, query),
  ]);
  const record =
    closedId === null ? null : recordOf(await readClosingRow(ctx.db, ctx, { id: closedId }));
  return {
    ...(record ?? figures),
    branch: { id: place.id, name: place.name },
    date: day,
    today,
    exchangeRate: record?.exchangeRate ?? Number(rate.exchangeRate),
    products: record?.products ?? products,
    closed: record !== null,
    record,
    payments,
  };
}

/** POST /daily-cash-closing/create: closes a branch-day once. */
export async function createClosing(
  ctx: Context,
  body: z.output<typeof closingBody>,
): Promise<ClosingRecord> {
  const now = ctx.clock.now();
  return whenViolated(
    () =>
      ctx.db.transaction(async (tx) => {
        const place = await closingBranch(tx, ctx, body.branchId);
        refuseFuture(body.date, localDay(now, place.zone));
        // Every sale of the day that holds the shared lock commits first; later ones wait, then
        // find this closing.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${closingLockKey(place.id, body.date)})`);
        if ((await closedOf(tx, place.id, body.date)) !== null)
          throw conflict(Conflict.cashClosingExists);
        const { figures, products } = await dayFigures(tx, place.id, body.date);
        const rate = await rateAt(tx, now);
        const counted = closingDifference(figures, body.countedCash, body.countedCashDollars);
        const [created] = await tx
          .insert(dailyCashClosing)
          .values({
            branchId: place.id,
            userId: ctx.session.userId,
            date: body.date,
            ...figures,
            exchangeRate: Number(rate.exchangeRate),
            products,
            countedCash: body.countedCash ?? null,
            countedCashDollars: body.countedCashDollars ?? null,
            ...counted,
            comments: body.comments ?? null,
            createdAt: now,
          })
          .returning({ id: dailyCashClosing.id, number: dailyCashClosing.number });
        const record = recordOf(await readClosingRow(tx, ctx, { id: created!.id }));
        await audit(
          tx,
          actorOf(ctx, place.id),
          {
            module: MODULE,
            action: 'create',
            recordId: created!.id,
            order: closingFolio(created!.number),
            changes: changesBetween(null, {
              branch: place.name,
              date: body.date,
              salesTotal: record.salesTotal,
              refundTotal: record.refundTotal,
              total: record.total,
              countedCash: record.countedCash,
              countedCashDollars: record.countedCashDollars,
              difference: record.difference,
              differenceDollars: record.differenceDollars,
              comments: record.comments,
            }),
          },
          now,
        );
        return record;
      }),
    { daily_cash_closing_branch_date_unique: conflict(Conflict.cashClosingExists) },
  );
}
