import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AuditEntry, StockRow } from '@clinica/domain';
import { queryRows } from '../../db/client';
import { auditLog, branch, stock, stockMovement } from '../../db/schema';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { seedDemoHistory } from '../../seed/demo-history';
import { unbalancedLots, unbalancedSummaries } from './ledger';

/**
 * The demo's stock (CONTRACT §1, issue 12): clinic lots entered through the ledger, max/min records
 * that colour some rows, lots near and past expiry, and the staff's first adjustments made through
 * the service, so the inventory and Historial show real data from the first start.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  // The demo is dated from the real day it is seeded, and its colours are read on that day.
  t.clock.set(new Date());
  await seedDemoHistory(t.app.db, t.clock);
  admin = (await signInAs(t.app, 'superAdmin')).token;
});
afterAll(async () => {
  await t?.close();
});

describe('the demo stock', () => {
  it('balances: every lot equals the sum of its movements', async () => {
    expect(await unbalancedLots(t.app.db)).toEqual([]);
    expect(await unbalancedSummaries(t.app.db)).toEqual([]);
  });

  it("fills the distribution centre's lots only through purchase orders", async () => {
    const atCedis = await t.app.db
      .select({ id: stock.id })
      .from(stock)
      .innerJoin(branch, eq(branch.id, stock.branchId))
      .where(and(eq(branch.distributionCenter, true), isNull(stock.deletedAt)));
    expect(atCedis.length).toBeGreaterThan(0);
    // Each CEDIS lot was opened by a purchase (assortment orders then took units from it).
    const firsts = await t.app.db
      .selectDistinctOn([stockMovement.stockId], { cause: stockMovement.cause })
      .from(stockMovement)
      .where(
        inArray(
          stockMovement.stockId,
          atCedis.map((lot) => lot.id),
        ),
      )
      .orderBy(stockMovement.stockId, asc(stockMovement.id));
    expect(firsts.length).toBe(atCedis.length);
    expect(new Set(firsts.map((row) => row.cause))).toEqual(new Set(['purchase']));
  });

  it('keeps time: no lot gives units before it received them', async () => {
    const early = await queryRows<{ stock_id: number }>(
      t.app.db,
      sql`SELECT stock_id FROM stock_movement GROUP BY stock_id
          HAVING min(created_at) FILTER (WHERE quantity < 0)
               < min(created_at) FILTER (WHERE quantity > 0)`,
    );
    expect(early).toEqual([]);
  });

  it('colours rows of every clinic: expiring (danger) and outside max/min (volcano)', async () => {
    const answer = await call<{ items: StockRow[] }>(t.app, 'GET', '/v1/stock', {
      token: admin,
      query: { take: '100' },
    });
    const rows = answer.body.data.items;
    for (const name of ['Zona Río', 'Playas de Tijuana', 'Mexicali Centro']) {
      const colours = rows.filter((row) => row.branch === name).map((row) => row.color);
      expect(colours, name).toContain('danger');
      expect(colours, name).toContain('volcano');
    }
    expect(rows.some((row) => row.mmId !== null && row.color === null)).toBe(true);
  });

  it('shows the staff’s adjustments, with their reasons, in Historial', async () => {
    const log = await call<{ items: AuditEntry[] }>(t.app, 'GET', '/v1/log', {
      token: admin,
      query: { module: 'inventory', take: '100' },
    });
    const drops = log.body.data.items.filter((entry) => entry.action === 'drop');
    expect(drops.length).toBeGreaterThanOrEqual(3);
    expect(drops.every((entry) => entry.detail && entry.originBranch !== null)).toBe(true);
    expect(log.body.data.items.some((entry) => entry.action === 'registration')).toBe(true);
    const entries = await t.app.db
      .select({ createdAt: auditLog.createdAt })
      .from(auditLog)
      .where(eq(auditLog.module, 'inventory'));
    expect(entries.every((entry) => entry.createdAt < t.clock.now())).toBe(true);
  });
});
