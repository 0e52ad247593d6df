import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { Conflict, NotFound, type OrderRecord } from '@clinica/domain';
import { coupon, customer, pointsMovement, purchasedProduct } from '../../db/schema';
import { call, createTestApp, DEMO_USERS, signInAs, type TestApp } from '../../test/harness';
import {
  card,
  cash,
  givePoints,
  newCoupon,
  newCustomer,
  newOrder,
  points,
  saleWorld,
  type SaleWorld,
} from '../../test/factories';
import { auditTrail } from '../../test/races';

/**
 * The refund (CONTRACT §12): each refusal in the contract's order, each effect in one transaction
 * (refundDate, points back and taken, never below 0, the coupon's use released, the purchased
 * products refunded, the audit entry), and the tickets (folio, total, method, COPIA).
 */

let t: TestApp;
let world: SaleWorld;
const PASSWORD = DEMO_USERS.superAdmin.password;

beforeAll(async () => {
  t = await createTestApp();
  world = await saleWorld(t.app);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const refund = (
  orderNumber: string | number,
  body: Record<string, unknown> = {},
  token = world.admin,
) =>
  call<OrderRecord>(t.app, 'POST', `/v1/order/${orderNumber}/refund`, {
    token,
    body: {
      refundReason: 'El cliente cambió de opinión',
      refundMethod: 'Efectivo',
      password: PASSWORD,
      branchId: world.branch,
      ...body,
    },
  });

async function balanceOf(customerId: number) {
  const [row] = await t.app.db
    .select({ points: customer.points })
    .from(customer)
    .where(eq(customer.id, customerId));
  return row!.points;
}

const pdfText = async (url: string, token = world.admin) => {
  const answer = await t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
  });
  if (answer.statusCode !== 200) return { status: answer.statusCode, text: '' };
  const pdf = await getDocumentProxy(new Uint8Array(answer.rawPayload));
  const { text } = await extractText(pdf, { mergePages: true });
  return { status: answer.statusCode, text, type: answer.headers['content-type'] };
};

describe('POST /order/{orderNumber}/refund: the refusals, in the contract’s order', () => {
  it('an unknown number, another branch than branchId, or another branch’s order for a fixed role: 404 code 19', async () => {
    const buyer = await newCustomer(world);
    const sale = await newOrder(world, { customerId: buyer });
    expect((await refund(999_999)).body.code).toBe(NotFound.order);
    expect((await refund('POS-99999999')).status).toBe(404);
    const wrongBranch = await refund(sale.orderNumber, { branchId: world.otherBranch });
    expect([wrongBranch.status, wrongBranch.body.code]).toEqual([404, NotFound.order]);
    // The branch manager is fixed to Zona Río: a Playas order does not exist for them, even with
    // a wrong password (the 404 code 19 comes first).
    const playas = await newOrder(world, { customerId: buyer, branchId: world.otherBranch });
    const manager = (await signInAs(t.app, 'branchManager')).token;
    const hidden = await refund(
      playas.orderNumber,
      { password: 'Nada1234', branchId: world.otherBranch },
      manager,
    );
    expect([hidden.status, hidden.body.code]).toEqual([404, NotFound.order]);
  });

  it('the caller’s own password wrong: 404 code 3, nothing changes', async () => {
    const buyer = await newCustomer(world);
    const sale = await newOrder(world, { customerId: buyer });
    const answer = await refund(sale.folio, { password: 'Equivocada99' });
    expect([answer.status, answer.body.code]).toEqual([404, NotFound.passwordMismatch]);
    const after = await call<OrderRecord>(t.app, 'GET', `/v1/order/${sale.id}`, {
      token: world.admin,
    });
    expect(after.body.data.refundedAt).toBeNull();
  });

  it('already refunded: 409 code 33 (a second refund, by number or folio)', async () => {
    const buyer = await newCustomer(world);
    const sale = await newOrder(world, { customerId: buyer });
    expect((await refund(sale.folio)).status).toBe(200);
    const again = await refund(sale.orderNumber);
    expect([again.status, again.body.code]).toEqual([409, Conflict.orderCancelled]);
  });

  it('not paid (an app order pending its payment): 409 code 34', async () => {
    const buyer = await newCustomer(world);
    const sale = await newOrder(world, { customerId: buyer, origin: 'APP' });
    expect(sale.paymentStatus).toBe('pending_payment');
    const answer = await refund(sale.orderNumber);
    expect([answer.status, answer.body.code]).toEqual([409, Conflict.orderNotCancellable]);
  });

  it('a session of one of its purchased products already given: 409 code 34', async () => {
    const buyer = await newCustomer(world);
    const sale = await newOrder(world, { customerId: buyer });
    const [held] = sale.purchasedProducts;
    // The finish writes currentSession (appointment-finish.service.ts); a session given is this.
    await t.app.db
      .update(purchasedProduct)
      .set({ currentSession: 1, status: 'finished' })
      .where(eq(purchasedProduct.id, held!.id));
    const answer = await refund(sale.orderNumber);
    expect([answer.status, answer.body.code]).toEqual([409, Conflict.orderNotCancellable]);
  });

  it('a refund method outside the five money methods, or no reason: 400, nothing changes', async () => {
    const buyer = await newCustomer(world);
    const sale = await newOrder(world, { customerId: buyer });
    const byPoints = await refund(sale.orderNumber, { refundMethod: 'Puntos' });
    expect(byPoints.status).toBe(400);
    expect(byPoints.body.details?.[0]?.field).toBe('refundMethod');
    const noReason = await refund(sale.orderNumber, { refundReason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details?.[0]?.field).toBe('refundReason');
  });

  it('needs sales.refund: a medic is 403', async () => {
    const buyer = await newCustomer(world);
    const sale = await newOrder(world, { customerId: buyer });
    const medic = (await signInAs(t.app, 'medic')).token;
    expect((await refund(sale.orderNumber, {}, medic)).status).toBe(403);
  });
});

describe('POST /order/{orderNumber}/refund: the effects, in one transaction', () => {
  it('dates the refund today in the branch’s zone, records who and why, refunds the purchased products, audits it', async () => {
    const buyer = await newCustomer(world);
    const sale = await newOrder(world, {
      customerId: buyer,
      lines: [[world.treatments[1]!, 2]],
      payWith: [cash, card],
    });
    // Two days later: the refund counts on its own day, not the sale's.
    t.clock.set(new Date('2026-11-22T18:00:00Z'));
    const later = (await signInAs(t.app, 'superAdmin')).token;
    const answer = await refund(sale.orderNumber, { refundMethod: 'Tarjeta de débito' }, later);
    t.clock.set(new Date('2026-11-20T17:00:00Z'));
    expect(answer.status).toBe(200);
    const done = answer.body.data;
    expect(done.refundDate).toBe('2026-11-22');
    expect(done.paidDate).toBe('2026-11-20');
    expect(done.type).toBe('Devolución');
    expect(done.refundMethod).toBe('Tarjeta de débito');
    expect(done.refundReason).toBe('El cliente cambió de opinión');
    expect(done.refundedBy?.id).toBeGreaterThan(0);
    expect(done.refundAmount).toBe(sale.total);
    expect(done.purchasedProducts.map((item) => item.status)).toEqual(['refunded', 'refunded']);
    const trail = await auditTrail(t.app, 'sales', sale.id);
    expect(trail.map((entry) => entry.action)).toContain('refund');
  });

  it('returns the points paid and takes off the points earned, as refund rows; the amount is total − points', async () => {
    const buyer = await newCustomer(world);
    await givePoints(world, buyer, 100);
    const item = world.treatments[0]!;
    const sale = await newOrder(world, {
      customerId: buyer,
      lines: [[item, 1]],
      payWith: [() => points(40), () => card(Math.round((item.price - 40) * 100) / 100)],
    });
    expect(await balanceOf(buyer)).toBe(100 - 40 + item.points);
    const answer = await refund(sale.orderNumber);
    expect(answer.status).toBe(200);
    expect(answer.body.data.refundAmount).toBe(Math.round((sale.total - 40) * 100) / 100);
    expect(await balanceOf(buyer)).toBe(100);
    const rows = await t.app.db
      .select({ kind: pointsMovement.kind, delta: pointsMovement.delta })
      .from(pointsMovement)
      .where(and(eq(pointsMovement.orderId, sale.id), eq(pointsMovement.kind, 'refund')));
    expect(rows.map((row) => row.delta).sort((a, b) => a - b)).toEqual([-item.points, 40]);
  });

  it('never takes the balance below 0: earned points already spent are dropped', async () => {
    const buyer = await newCustomer(world);
    const item = world.treatments[0]!;
    const sale = await newOrder(world, { customerId: buyer, lines: [[item, 1]] });
    expect(await balanceOf(buyer)).toBe(item.points);
    // All but one of the earned points were spent meanwhile.
    await givePoints(world, buyer, -(item.points - 1));
    expect(await balanceOf(buyer)).toBe(1);
    expect((await refund(sale.orderNumber)).status).toBe(200);
    expect(await balanceOf(buyer)).toBe(0);
    const [taken] = await t.app.db
      .select({ delta: pointsMovement.delta, balance: pointsMovement.balance })
      .from(pointsMovement)
      .where(and(eq(pointsMovement.orderId, sale.id), eq(pointsMovement.kind, 'refund')));
    expect(taken).toEqual({ delta: -1, balance: 0 });
  });

  it('releases the coupon’s use: used − 1, and the customer may use it again', async () => {
    const buyer = await newCustomer(world);
    const item = world.treatments[0]!;
    const cupon = await newCoupon(world, item.id, { discount: 20, limit: 3 });
    const sale = await newOrder(world, {
      customerId: buyer,
      lines: [[item, 1]],
      couponCode: cupon.code,
    });
    const usedOf = async () =>
      (await t.app.db.select({ used: coupon.used }).from(coupon).where(eq(coupon.id, cupon.id)))[0]!
        .used;
    expect(await usedOf()).toBe(1);
    expect((await refund(sale.orderNumber)).status).toBe(200);
    expect(await usedOf()).toBe(0);
    const again = await newOrder(world, {
      customerId: buyer,
      lines: [[item, 1]],
      couponCode: cupon.code,
    });
    expect(again.coupon?.code).toBe(cupon.code);
    expect(await usedOf()).toBe(1);
  });
});

describe('GET /order/{id}/ticket and /ticket/refund: the 80 mm PDFs', () => {
  it('the ticket reads the folio, total and method; every print after the first says COPIA', async () => {
    const buyer = await newCustomer(world);
    const sale = await newOrder(world, {
      customerId: buyer,
      lines: [[world.treatments[2]!, 1]],
      payWith: [cash],
    });
    const first = await pdfText(`/v1/order/${sale.id}/ticket`);
    expect(first.status).toBe(200);
    expect(first.type).toBe('application/pdf');
    expect(first.text).toContain(sale.folio);
    const money = `$${sale.total.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(first.text).toContain(money);
    expect(first.text).toContain('Efectivo');
    expect(first.text).not.toContain('COPIA');
    const second = await pdfText(`/v1/order/${sale.id}/ticket`);
    expect(second.text).toContain('COPIA');
  });

  it('the refund ticket: 404 code 19 before the refund; then the refund’s method and amount', async () => {
    const buyer = await newCustomer(world);
    const sale = await newOrder(world, { customerId: buyer });
    const early = await t.app.inject({
      method: 'GET',
      url: `/v1/order/${sale.id}/ticket/refund`,
      headers: { authorization: `Bearer ${world.admin}` },
    });
    expect([early.statusCode, early.json().code]).toEqual([404, NotFound.order]);
    expect(
      (await refund(sale.orderNumber, { refundMethod: 'Transferencia electrónica' })).status,
    ).toBe(200);
    const ticket = await pdfText(`/v1/order/${sale.id}/ticket/refund`);
    expect(ticket.text).toContain('DEVOLUCIÓN');
    expect(ticket.text).toContain('Transferencia electrónica');
    expect(ticket.text).toContain(sale.folio);
    expect(ticket.text).not.toContain('COPIA');
    expect((await pdfText(`/v1/order/${sale.id}/ticket/refund`)).text).toContain('COPIA');
  });

  it('another branch’s order for a role fixed to its branch: 404 code 19', async () => {
    const buyer = await newCustomer(world);
    const sale = await newOrder(world, { customerId: buyer });
    const franchisee = (await signInAs(t.app, 'franchisee')).token;
    const answer = await t.app.inject({
      method: 'GET',
      url: `/v1/order/${sale.id}/ticket`,
      headers: { authorization: `Bearer ${franchisee}` },
    });
    expect([answer.statusCode, answer.json().code]).toEqual([404, NotFound.order]);
  });
});
