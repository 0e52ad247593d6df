import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NotFound, goalProgress, type HomeAnswer, type SalesReportItem } from '@clinica/domain';
import { queryRows } from '../db/client';
import { appointment } from '../db/schema';
import { periodOf } from '../modules/agenda/booking';
import { call, claimsOf, signInAs } from '../test/harness';
import { newCustomer } from '../test/factories';
import { newLot, newProduct, sell } from '../modules/cash-orders/cash-order.fixture';
import {
  at,
  c,
  close,
  preview,
  refundOrder,
  sellOrder,
  useClosingWorld,
  w,
} from '../modules/cash-closings/cash-closing.fixture';

/**
 * `GET /report/home` (issue 28) against a seeded day: each figure equals what the orders, the
 * closings, the appointments and the lots say, read apart; a branch-fixed role gets its own branch
 * whatever it asks; a role without a section's privilege does not get that section; the
 * waitlist's holds are no appointments.
 */

useClosingWorld();

const DAY = '2026-11-25';

const home = (token: string, query: Record<string, string> = {}) =>
  call<HomeAnswer>(w.t.app, 'GET', '/v1/report/home', { token, query });

const rowOf = (answer: HomeAnswer, branch: number) =>
  answer.branches.find((row) => row.branch.id === branch)!;

async function appointmentsBy(branch: number, day: string) {
  const rows = await queryRows<{ status: string; n: string | number }>(
    w.t.app.db,
    // A waitlist hold (held, released) is not an appointment (CONTRACT §15).
    sql`SELECT status, count(*) AS n FROM appointment WHERE branch_id = ${branch} AND date = ${day}
          AND status NOT IN ('held', 'released')
        GROUP BY status`,
  );
  const by = Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
  return {
    scheduled: by.scheduled ?? 0,
    inProcess: by.inProcess ?? 0,
    finished: by.finished ?? 0,
    absence: by.absence ?? 0,
    cancelled: by.cancelled ?? 0,
    total: Object.values(by).reduce((sum, n) => sum + n, 0),
  };
}

async function lotsExpiring(branch: number, day: string) {
  const [row] = await queryRows<{ expiring: string; expired: string }>(
    w.t.app.db,
    sql`SELECT count(*) FILTER (WHERE expires_in < ${day}::date + 30) AS expiring,
               count(*) FILTER (WHERE expires_in < ${day}::date) AS expired
          FROM stock WHERE branch_id = ${branch} AND deleted_at IS NULL AND quantity > 0`,
  );
  return { expiring: Number(row!.expiring), expired: Number(row!.expired) };
}

describe('the home of a seeded day', () => {
  it('answers the day of a branch as the orders, closings, agenda and lots say', async () => {
    await at(DAY, '10:00');
    // The month's goal: the demo's, or one of this test's own.
    const seeded = await queryRows<{ goal: string }>(
      w.t.app.db,
      sql`SELECT goal::text FROM goal WHERE branch_id = ${c.mexicali} AND period = '2026-11-01'
           AND deleted_at IS NULL`,
    );
    const goalAmount = Number(seeded[0]?.goal ?? 50_000);
    if (seeded.length === 0) {
      const goal = await call(w.t.app, 'POST', '/v1/goal/create', {
        token: w.admin,
        body: { goal: goalAmount, branchId: c.mexicali, month: '11', year: '2026' },
      });
      expect(goal.status, JSON.stringify(goal.body)).toBe(201);
    }
    const cream = await newProduct({ salePrice: 100, tax: 16 });
    await newLot(cream.id, c.mexicali, 40, 'HOME-SOON', '2026-12-10');
    await newLot(cream.id, c.mexicali, 5, 'HOME-OLD', '2026-11-20');
    const lot = await newLot(cream.id, c.mexicali, 40, 'HOME-LATE', '2027-08-01');
    const limits = await call(w.t.app, 'POST', '/v1/stock/create-max-min', {
      token: w.admin,
      body: { branchId: c.mexicali, productId: cream.id, max: 0, min: 500 },
    });
    expect(limits.status, JSON.stringify(limits.body)).toBeLessThan(300);

    const customerId = await newCustomer(c.sale);
    const price = c.sale.treatments[0]!.price;
    const sold = await sellOrder(c.mexicali, customerId, [
      { paymentMethod: 'Tarjeta de crédito', amount: price, currency: 'MXN' },
    ]);
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    await sellOrder(c.mexicali, customerId, [
      { paymentMethod: 'Efectivo', amount: price + 50, currency: 'MXN' },
    ]);
    const counter = await sell({
      branchId: c.mexicali,
      sellerId: Number(claimsOf(w.admin).userId),
      cashOrderDetails: [{ stockId: lot, quantity: 2 }],
      payments: [{ paymentMethod: 'Efectivo', amount: 1_000, currency: 'MXN' }],
    });
    expect(counter.status, JSON.stringify(counter.body)).toBe(201);
    expect((await refundOrder(sold.body.data.orderNumber, c.mexicali)).status).toBe(200);

    const open = await home(w.admin, { branchId: String(c.mexicali) });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body.data.branchId).toBe(c.mexicali);
    expect(open.body.data.branches).toHaveLength(1);
    const day = open.body.data.branches[0]!;
    expect(day.day).toBe(DAY);

    // Money: today's is the closing's own figure; the month's is Σ the daily report to today.
    const figures = (await preview(c.mexicali, DAY)).body.data as unknown as { total: number };
    expect(day.sales!.today).toBe(figures.total);
    const daily = await call<{ items: SalesReportItem[] }>(
      w.t.app,
      'GET',
      '/v1/report/daily-sales',
      {
        token: w.admin,
        query: { month: '2026-11', branchId: String(c.mexicali) },
      },
    );
    const monthCents = daily.body.data.items
      .filter((item) => item.date !== null && item.date <= DAY)
      .reduce((sum, item) => sum + Math.round(item.ddcTotal * 100), 0);
    expect(day.sales!.month).toBe(monthCents / 100);
    expect(day.sales!.goal).toBe(goalAmount);
    const progress = goalProgress({
      goal: goalAmount,
      totalSale: monthCents / 100,
      year: '2026',
      month: '11',
    });
    expect(day.sales!.percentage).toBe(progress.percentage);
    expect(day.sales!.dailyGoal).toBe(progress.dailyGoal);

    expect(day.appointments).toEqual(await appointmentsBy(c.mexicali, DAY));
    const lots = await lotsExpiring(c.mexicali, DAY);
    expect(lots.expiring).toBeGreaterThanOrEqual(2);
    expect(day.stock).toMatchObject(lots);
    expect(day.stock!.belowMin).toBeGreaterThanOrEqual(1);
    expect(day.closing).toEqual({
      closed: false,
      id: null,
      folio: null,
      user: null,
      closedAt: null,
    });
    const next = open.body.data.next!;
    expect(next.length).toBeLessThanOrEqual(6);
    expect(next.map((item) => item.startTime)).toEqual(next.map((item) => item.startTime).sort());
    expect(next.every((item) => ['scheduled', 'inProcess'].includes(item.status))).toBe(true);

    // Closed: by whom, with its folio; the money stays the closing's total.
    await at(DAY, '21:00');
    const closed = await close({ branchId: c.mexicali, date: DAY, countedCash: 0 });
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);
    const after = (await home(w.admin, { branchId: String(c.mexicali) })).body.data.branches[0]!;
    expect(after.closing).toMatchObject({
      closed: true,
      id: closed.body.data.id,
      folio: closed.body.data.folio,
      user: closed.body.data.user.name,
    });
    expect(after.sales!.today).toBe(closed.body.data.total);

    // The chain's overview: one row per live branch, the same figures, no next appointments.
    const chain = (await home(w.admin)).body.data;
    expect(chain.branchId).toBeNull();
    expect(chain.next).toBeNull();
    expect(rowOf(chain, c.mexicali)).toEqual(after);
    const live = await queryRows<{ n: string }>(
      w.t.app.db,
      sql`SELECT count(*) AS n FROM branch WHERE deleted_at IS NULL`,
    );
    expect(chain.branches).toHaveLength(Number(live[0]!.n));
    const centre = chain.branches.find((row) => row.distributionCenter)!;
    expect(centre).toMatchObject({ appointments: null, sales: null, closing: null });
    expect(centre.stock).not.toBeNull();
  }, 240_000);

  it('gives a branch-fixed role its own branch, and each role only its sections', async () => {
    await at(DAY, '12:00');
    // The manager is fixed to Zona Río: naming Mexicali changes nothing.
    const manager = await home(w.manager, { branchId: String(c.mexicali) });
    expect(manager.status).toBe(200);
    expect(manager.body.data.branchId).toBe(w.zonaRio);
    expect(manager.body.data.branches.map((row) => row.branch.id)).toEqual([w.zonaRio]);
    const own = manager.body.data.branches[0]!;
    expect(own.appointments).toEqual(await appointmentsBy(w.zonaRio, DAY));
    expect(own.sales).not.toBeNull();
    expect(own.closing).not.toBeNull();

    // A medic: the agenda and the stock, no money, no closing.
    const medic = (await signInAs(w.t.app, 'medic')).token;
    const clinical = (await home(medic)).body.data;
    expect(clinical.branches.map((row) => row.branch.id)).toEqual([w.zonaRio]);
    expect(clinical.branches[0]).toMatchObject({ sales: null, closing: null });
    expect(clinical.branches[0]!.appointments).not.toBeNull();
    expect(clinical.next).not.toBeNull();

    // Logistics: no agenda, no closings; the chain's rows with money and stock.
    const logistics = (await signInAs(w.t.app, 'logisticsManager')).token;
    const chain = (await home(logistics)).body.data;
    expect(chain.next).toBeNull();
    expect(chain.branches.every((row) => row.appointments === null && row.closing === null)).toBe(
      true,
    );
    expect(rowOf(chain, w.zonaRio).sales).toEqual(own.sales);

    // Bad input is a 400 naming the field; an unknown branch the branch's 404.
    const bad = await home(w.admin, { branchId: 'x' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('branchId');
    const missing = await home(w.admin, { branchId: '999999' });
    expect([missing.status, (missing.body as { code: number }).code]).toEqual([
      404,
      NotFound.branch,
    ]);
    expect((await call(w.t.app, 'GET', '/v1/report/home', {})).status).toBe(401);
  }, 120_000);

  it("leaves the waitlist's holds (held, released) out of the counts and the next appointments", async () => {
    // Before the day's first appointment: every one still to come is a next one.
    await at(DAY, '06:00');
    const query = { branchId: String(c.mexicali) };
    const before = (await home(w.admin, query)).body.data.branches[0]!.appointments!;
    const [place] = await queryRows<{ cabin: number; zone: string }>(
      w.t.app.db,
      sql`SELECT k.id AS cabin, b.zone FROM cabin k JOIN branch b ON b.id = k.branch_id
           WHERE k.branch_id = ${c.mexicali} AND k.deleted_at IS NULL ORDER BY k.id LIMIT 1`,
    );
    const customerId = await newCustomer(c.sale);
    /** A row of the day as the waitlist (or a booking) leaves it, earlier than any seeded one. */
    const row = async (status: string, startTime: string, endTime: string) => {
      const [made] = await w.t.app.db
        .insert(appointment)
        .values({
          branchId: c.mexicali,
          cabinId: place!.cabin,
          customerId,
          appointmentType: 'Médico',
          appointmentMethod: 'Llamada telefónica',
          appointmentOption: 'newTreatments',
          date: DAY,
          startTime,
          endTime,
          period: periodOf(DAY, startTime, endTime, place!.zone) as unknown as string,
          status,
          ...(status === 'scheduled' ? {} : { holdExpiresAt: new Date() }),
        })
        .returning({ id: appointment.id });
      return made!.id;
    };
    const held = await row('held', '06:30', '07:00');
    const released = await row('released', '06:30', '07:00');
    const booked = await row('scheduled', '07:00', '07:30');

    const answer = (await home(w.admin, query)).body.data;
    expect(answer.branches[0]!.appointments).toEqual({
      ...before,
      scheduled: before.scheduled + 1,
      total: before.total + 1,
    });
    expect(answer.branches[0]!.appointments).toEqual(await appointmentsBy(c.mexicali, DAY));
    const next = answer.next!.map((item) => item.id);
    expect(next[0]).toBe(booked);
    expect(next).not.toContain(held);
    expect(next).not.toContain(released);
  }, 120_000);
});
