import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Conflict, type OrderRecord } from '@clinica/domain';
import { coupon, customer, pointsMovement } from '../../db/schema';
import { call, createTestApp, DEMO_USERS, type TestApp } from '../../test/harness';
import {
  card,
  givePoints,
  newCoupon,
  newCustomer,
  newOrder,
  points,
  saleWorld,
  type SaleWorld,
} from '../../test/factories';
import { auditTrail, onPostgres } from '../../test/races';

/**
 * A refund happens at most once per order (CONTRACT §7, §12): 20 refunds of one order at once
 * give exactly one 200 and 409 code 33 for the rest; the points and the coupon move once.
 */

describe.runIf(onPostgres)('20 concurrent refunds of one order (PostgreSQL)', () => {
  let t: TestApp;
  let world: SaleWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await saleWorld(t.app);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('exactly one 200; points returned and taken once; the coupon released once', async () => {
    const buyer = await newCustomer(world);
    await givePoints(world, buyer, 50);
    const item = world.treatments[1]!;
    const cupon = await newCoupon(world, item.id, { discount: 10, limit: 5 });
    const quote = await call<{ total: number }>(t.app, 'POST', '/v1/order/quote', {
      token: world.admin,
      body: {
        origin: 'SUCURSAL',
        branchId: world.branch,
        customerId: buyer,
        couponCode: cupon.code,
        orderDetails: [{ treatmentId: item.id, quantity: 1 }],
        payments: [],
      },
    });
    const total = quote.body.data.total;
    const sale = await newOrder(world, {
      customerId: buyer,
      lines: [[item, 1]],
      couponCode: cupon.code,
      payWith: [() => points(30), () => card(Math.round((total - 30) * 100) / 100)],
    });
    const [before] = await t.app.db
      .select({ points: customer.points })
      .from(customer)
      .where(eq(customer.id, buyer));
    expect(before!.points).toBe(50 - 30 + item.points);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call<OrderRecord>(t.app, 'POST', `/v1/order/${sale.orderNumber}/refund`, {
          token: world.admin,
          body: {
            refundReason: 'Carrera de devoluciones',
            refundMethod: 'Efectivo',
            password: DEMO_USERS.superAdmin.password,
            branchId: world.branch,
          },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(
      answers.filter(
        (answer) => answer.status === 409 && answer.body.code === Conflict.orderCancelled,
      ),
    ).toHaveLength(19);

    const [after] = await t.app.db
      .select({ points: customer.points })
      .from(customer)
      .where(eq(customer.id, buyer));
    expect(after!.points).toBe(50);
    const refunds = await t.app.db
      .select({ delta: pointsMovement.delta })
      .from(pointsMovement)
      .where(and(eq(pointsMovement.orderId, sale.id), eq(pointsMovement.kind, 'refund')));
    expect(refunds.map((row) => row.delta).sort((a, b) => a - b)).toEqual([-item.points, 30]);
    const [used] = await t.app.db
      .select({ used: coupon.used })
      .from(coupon)
      .where(eq(coupon.id, cupon.id));
    expect(used!.used).toBe(0);
    const trail = await auditTrail(t.app, 'sales', sale.id);
    expect(trail.filter((entry) => entry.action === 'refund')).toHaveLength(1);
  }, 120_000);
});
