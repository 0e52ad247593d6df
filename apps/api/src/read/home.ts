import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  EXPIRY_DANGER_DAYS,
  HOME_NEXT_APPOINTMENTS,
  NotFound,
  closingFolio,
  goalProgress,
  homeSectionsOf,
  salesMoneyOf,
  type HomeAnswer,
  type HomeBranch,
  type homeQuery,
} from '@clinica/domain';
import { queryRows, type Executor } from '../db/client';
import type { Context } from '../platform/context';
import { notFound } from '../platform/errors';
import { fixedBranch } from '../platform/write';
import { centsOf, moneyColumns } from './reports/money-day';

/**
 * `GET /report/home` (issue 28): the home's picture of the day, per branch, in one call. Each
 * section is one statement over every branch reached, keyed by each branch's own local today
 * (`b.today`), reading the reports' read model (`branch_day_money`) and indexed rows only: the
 * day's appointments by (branch, date), the month's goal, the lots and the stock summary of the
 * branch, the day's closing by its unique (branch, date). A section the caller's role may not
 * open is not read at all (`homeSectionsOf`). Notes: read/reports/README.md, "The home".
 */

type HomeQuery = z.output<typeof homeQuery>;

interface BranchRow {
  id: number;
  name: string;
  distribution_center: boolean;
  today: string;
}

/** The branches reached, each with its local today: `b` of every statement below. */
function reachedBranches(now: Date, asked: number | null): SQL {
  const which = asked === null ? sql`deleted_at IS NULL` : sql`id = ${asked}`;
  return sql`SELECT id, name, distribution_center, zone,
      (${now.toISOString()}::timestamptz AT TIME ZONE zone)::date AS today
    FROM branch WHERE ${which}`;
}

const keyed = <T extends { branch_id: number | string }>(rows: T[]) =>
  new Map(rows.map((row) => [Number(row.branch_id), row]));

async function appointmentCounts(db: Executor, b: SQL) {
  const rows = await queryRows<{ branch_id: number; status: string; n: string | number }>(
    db,
    sql`WITH b AS (${b})
      SELECT a.branch_id, a.status, count(*) AS n
        FROM b JOIN appointment a ON a.branch_id = b.id AND a.date = b.today
       -- a waitlist hold is not an appointment (CONTRACT §15)
       WHERE a.status NOT IN ('held', 'released')
       GROUP BY a.branch_id, a.status`,
  );
  const counts = new Map<number, NonNullable<HomeBranch['appointments']>>();
  for (const row of rows) {
    const id = Number(row.branch_id);
    const entry = counts.get(id) ?? {
      scheduled: 0,
      inProcess: 0,
      finished: 0,
      absence: 0,
      cancelled: 0,
      total: 0,
    };
    const n = Number(row.n);
    if (row.status in entry) entry[row.status as keyof typeof entry] += n;
    entry.total += n;
    counts.set(id, entry);
  }
  return counts;
}

/** Today's and the month's money (cents) from the read model, and the month's goal. */
async function salesOf(db: Executor, b: SQL) {
  const [money, goals] = await Promise.all([
    queryRows<Record<string, unknown> & { branch_id: number; is_today: boolean }>(
      db,
      sql`WITH b AS (${b})
        SELECT m.branch_id, (m.day = b.today) AS is_today, ${moneyColumns('m', true)}
          FROM b JOIN branch_day_money m ON m.branch_id = b.id
           AND m.day >= date_trunc('month', b.today)::date AND m.day <= b.today
         GROUP BY m.branch_id, (m.day = b.today)`,
    ),
    queryRows<{ branch_id: number; goal: string | number }>(
      db,
      sql`WITH b AS (${b})
        SELECT g.branch_id, g.goal FROM b JOIN goal g ON g.branch_id = b.id
           AND g.period = date_trunc('month', b.today)::date AND g.deleted_at IS NULL`,
    ),
  ]);
  const cents = new Map<number, { today: number; month: number }>();
  for (const row of money) {
    const id = Number(row.branch_id);
    const ddc = Math.round(salesMoneyOf(centsOf(row)).ddcTotal * 100);
    const entry = cents.get(id) ?? { today: 0, month: 0 };
    entry.month += ddc;
    if (row.is_today === true || String(row.is_today) === 't') entry.today += ddc;
    cents.set(id, entry);
  }
  return { cents, goals: new Map(goals.map((row) => [Number(row.branch_id), Number(row.goal)])) };
}

async function stockOf(db: Executor, b: SQL) {
  const rows = await queryRows<{
    branch_id: number;
    expiring: string | number;
    expired: string | number;
    below_min: string | number;
  }>(
    db,
    sql`WITH b AS (${b})
      SELECT b.id AS branch_id, l.expiring, l.expired,
        (SELECT count(*) FROM max_min mm
           LEFT JOIN stock_summary ss ON ss.branch_id = mm.branch_id AND ss.product_id = mm.product_id
          WHERE mm.branch_id = b.id AND mm.deleted_at IS NULL AND mm.min > 0
            AND coalesce(ss.quantity, 0) < mm.min) AS below_min
      FROM b, LATERAL (
        SELECT count(*) AS expiring, count(*) FILTER (WHERE s.expires_in < b.today) AS expired
          FROM stock s
         WHERE s.branch_id = b.id AND s.deleted_at IS NULL AND s.quantity > 0
           AND s.expires_in < b.today + ${EXPIRY_DANGER_DAYS}::int) l`,
  );
  return keyed(rows);
}

async function closingsOf(db: Executor, b: SQL) {
  const rows = await queryRows<{
    branch_id: number;
    id: number;
    number: number;
    user_name: string | null;
    created_at: string | Date;
  }>(
    db,
    sql`WITH b AS (${b})
      SELECT c.branch_id, c.id, c.number, c.created_at,
             concat_ws(' ', u.name, u.last_name) AS user_name
        FROM b JOIN daily_cash_closing c ON c.branch_id = b.id AND c.date = b.today
        LEFT JOIN "user" u ON u.id = c.user_id`,
  );
  return keyed(rows);
}

/** The branch's next appointments of its day: those not over yet, scheduled or in process. */
async function nextAppointments(db: Executor, b: SQL, now: Date) {
  const rows = await queryRows<{
    id: number;
    start_time: string;
    end_time: string;
    status: string;
    customer_id: number;
    customer_name: string;
    cabin_id: number;
    cabin_name: string;
    treatment: string | null;
  }>(
    db,
    sql`WITH b AS (${b})
      SELECT a.id, to_char(a.start_time, 'HH24:MI') AS start_time,
             to_char(a.end_time, 'HH24:MI') AS end_time, a.status,
             c.id AS customer_id, concat_ws(' ', c.name, c.last_name, c.mother_last_name) AS customer_name,
             k.id AS cabin_id, k.name AS cabin_name,
             coalesce(
               (SELECT string_agg(t.name, ', ' ORDER BY t.name) FROM appointment_treatment x
                  JOIN treatment t ON t.id = x.treatment_id WHERE x.appointment_id = a.id),
               (SELECT o.name FROM package o WHERE o.id = coalesce(a.package_id, a.promo_id))) AS treatment
        FROM b JOIN appointment a ON a.branch_id = b.id AND a.date = b.today
         AND a.status IN ('scheduled', 'inProcess')
         AND a.end_time > (${now.toISOString()}::timestamptz AT TIME ZONE b.zone)::time
        JOIN customer c ON c.id = a.customer_id
        JOIN cabin k ON k.id = a.cabin_id
       ORDER BY a.start_time, a.id
       LIMIT ${HOME_NEXT_APPOINTMENTS}`,
  );
  return rows.map((row) => ({
    id: row.id,
    startTime: row.start_time,
    endTime: row.end_time,
    status: row.status,
    customer: { id: row.customer_id, name: row.customer_name },
    treatment: row.treatment ?? '',
    cabin: { id: row.cabin_id, name: row.cabin_name },
  }));
}

const none = Promise.resolve(null);

export async function homeOf(ctx: Context, query: HomeQuery): Promise<HomeAnswer> {
  const sections = homeSectionsOf(ctx.session.privileges);
  const asked = fixedBranch(ctx.session) ?? query.branchId ?? null;
  const now = ctx.clock.now();
  const b = reachedBranches(now, asked);
  const branches = await queryRows<BranchRow>(
    ctx.db,
    sql`WITH b AS (${b}) SELECT id, name, distribution_center, today::text AS today FROM b
         ORDER BY distribution_center, name, id`,
  );
  if (asked !== null && branches.length === 0) throw notFound(NotFound.branch);
  const [appointments, sales, stock, closings, next] = await Promise.all([
    sections.appointments ? appointmentCounts(ctx.db, b) : none,
    sections.sales ? salesOf(ctx.db, b) : none,
    sections.stock ? stockOf(ctx.db, b) : none,
    sections.closing ? closingsOf(ctx.db, b) : none,
    sections.appointments && asked !== null ? nextAppointments(ctx.db, b, now) : none,
  ]);
  return {
    branchId: asked,
    next,
    branches: branches.map((row) => {
      const id = Number(row.id);
      // A distribution centre keeps no agenda, sells nothing and closes no cash: its stock only.
      const clinic = !row.distribution_center;
      const closing = closings?.get(id);
      const stockRow = stock?.get(id);
      return {
        branch: { id, name: row.name },
        distributionCenter: Boolean(row.distribution_center),
        day: row.today,
        appointments:
          appointments && clinic
            ? (appointments.get(id) ?? {
                scheduled: 0,
                inProcess: 0,
                finished: 0,
                absence: 0,
                cancelled: 0,
                total: 0,
              })
            : null,
        sales: sales && clinic ? salesFigures(row.today, sales, id) : null,
        stock: stock
          ? {
              expiring: Number(stockRow?.expiring ?? 0),
              expired: Number(stockRow?.expired ?? 0),
              belowMin: Number(stockRow?.below_min ?? 0),
            }
          : null,
        closing:
          closings && clinic
            ? {
                closed: closing !== undefined,
                id: closing?.id ?? null,
                folio: closing ? closingFolio(closing.number) : null,
                user: closing?.user_name ?? null,
                closedAt: closing ? new Date(closing.created_at).toISOString() : null,
              }
            : null,
      };
    }),
  };
}

function salesFigures(
  today: string,
  sales: NonNullable<Awaited<ReturnType<typeof salesOf>>>,
  id: number,
): NonNullable<HomeBranch['sales']> {
  const cents = sales.cents.get(id) ?? { today: 0, month: 0 };
  const goal = sales.goals.get(id) ?? null;
  const month = cents.month / 100;
  const progress =
    goal === null
      ? null
      : goalProgress({ goal, totalSale: month, year: today.slice(0, 4), month: today.slice(5, 7) });
  return {
    today: cents.today / 100,
    month,
    goal,
    dailyGoal: progress?.dailyGoal ?? null,
    percentage: progress?.percentage ?? null,
  };
}
