import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Conflict, NotFound, type OrderQuote, type OrderRecord } from '@clinica/domain';
import { appointment, coupon, couponUse, customer, order, treatment } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../test/harness';
import {
  card,
  cash,
  debit,
  givePoints,
  newCoupon,
  newCustomer,
  points,
  saleBody,
  saleWorld,
  type Payment,
  type SaleTreatment,
  type SaleWorld,
} from '../../test/factories';
import {
  MONDAY_8AM,
  agendaWorld,
  book,
  booking,
  type AgendaWorld,
} from '../agenda/agenda-fixtures.testing';

/**
 * POST /order/quote (CONTRACT §12): the order exactly as create prices it (a property over
 * generated carts), writing nothing; and `appointmentId` on both (409 code 39 / 41, 404 code 12).
 */

let t: TestApp;
let world: SaleWorld;

beforeAll(async () => {
  t = await createTestApp();
  world = await saleWorld(t.app);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const quote = (body: unknown, token = world.admin) =>
  call<OrderQuote>(t.app, 'POST', '/v1/order/quote', { token, body });
const create = (body: unknown, token = world.admin) =>
  call<OrderRecord>(t.app, 'POST', '/v1/order/create', { token, body });

/** mulberry32: a small seeded generator, so a failing cart can be replayed from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

describe('POST /order/quote equals the created order for the same body (property)', () => {
  it('over 12 generated carts: lines, discount, coupon, total, payments in MXN, change, points', async () => {
    const methods: ((amount: number) => Payment)[] = [cash, card, debit];
    for (let seed = 1; seed <= 12; seed += 1) {
      const next = random(seed);
      const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
      const buyer = await newCustomer(world);
      const lineCount = 1 + Math.floor(next() * 3);
      const chosen = [...world.treatments].sort(() => next() - 0.5).slice(0, lineCount);
      const lines = chosen.map((item): [SaleTreatment, number] => [
        item,
        1 + Math.floor(next() * 3),
      ]);
      const withCoupon = next() < 0.5;
      const code = withCoupon
        ? (await newCoupon(world, lines[0]![0].id, { discount: 5 + Math.floor(next() * 40) })).code
        : undefined;
      const spend = next() < 0.4 ? 1 + Math.floor(next() * 30) : 0;
      if (spend > 0) await givePoints(world, buyer, spend);
      // The total first (the coupon changes it), then payments that cover it, cash may exceed.
      const first = await quote(
        saleBody(world, { customerId: buyer, lines: [...lines], couponCode: code }, 0.01),
      );
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const total = first.body.data.total;
      const payWith = [pick(methods), pick(methods)];
      const body = saleBody(
        world,
        { customerId: buyer, lines: [...lines], couponCode: code, payWith },
        Math.round((total - spend) * 100) / 100,
      );
      if (spend > 0) body.payments.unshift(points(spend));
      const tip = next() < 0.3 ? 100 : 0;
      if (tip > 0) body.payments.push(cash(tip));
      const quoted = await quote(body);
      const created = await create(body);
      expect(created.status, `seed ${seed}: ${JSON.stringify(created.body)}`).toBe(201);
      const q = quoted.body.data;
      const o = created.body.data;
      expect(q.paymentProblem, `seed ${seed}`).toBeNull();
      expect(q.owed).toBe(0);
      expect(
        q.lines.map((line) => [
          line.treatment?.id,
          line.quantity,
          line.salePrice,
          line.discount,
          line.points,
        ]),
      ).toEqual(
        o.orderDetails.map((line) => [
          line.treatment?.id,
          line.quantity,
          line.salePrice,
          line.discount,
          line.points,
        ]),
      );
      expect([q.subtotal, q.discountTotal, q.total, q.pointsEarned]).toEqual([
        o.subtotal,
        o.discountTotal,
        o.total,
        o.points,
      ]);
      expect(q.coupon?.code ?? null).toBe(o.coupon?.code ?? null);
      expect(q.payments.map((payment) => payment.amountMxn)).toEqual(
        o.payments.map((payment) => payment.amountMxn),
      );
      expect([q.change, q.paymentMethod, q.exchangeRate]).toEqual([
        o.changeAmount,
        o.paymentMethod,
        o.exchangeRate,
      ]);
      expect(q.pointsSpent).toBe(spend);
    }
  }, 120_000);
});

describe('POST /order/quote writes nothing and shows what is owed', () => {
  it('no coupon use, no points, no order number; short payments are owed, not refused', async () => {
    const buyer = await newCustomer(world);
    await givePoints(world, buyer, 20);
    const item = world.treatments[0]!;
    const cupon = await newCoupon(world, item.id, { discount: 50, limit: 1 });
    const [latest] = await t.app.db
      .select({ last: sql<number>`max(${order.orderNumber})::int` })
      .from(order);
    const last = Number(latest!.last);
    const body = saleBody(
      world,
      { customerId: buyer, lines: [[item, 1]], couponCode: cupon.code },
      10,
    );
    body.payments.push(points(5));
    const answer = await quote(body);
    expect(answer.status).toBe(200);
    const q = answer.body.data;
    const half = Math.round(item.price * 50) / 100;
    expect(q.total).toBe(half);
    expect(q.owed).toBe(Math.round((half - 15) * 100) / 100);
    expect(q.paymentProblem?.field).toBe('payments');
    expect(q.customerPoints).toBe(20);
    // Nothing kept: the coupon of one use is still free, the points are there, no order.
    const [{ used } = { used: -1 }] = await t.app.db
      .select({ used: coupon.used })
      .from(coupon)
      .where(eq(coupon.id, cupon.id));
    expect(used).toBe(0);
    expect(await t.app.db.select().from(couponUse).where(eq(couponUse.couponId, cupon.id))).toEqual(
      [],
    );
    const [{ points: balance } = { points: -1 }] = await t.app.db
      .select({ points: customer.points })
      .from(customer)
      .where(eq(customer.id, buyer));
    expect(balance).toBe(20);
    expect(await t.app.db.select().from(order).where(eq(order.customerId, buyer))).toEqual([]);
    // The next sale takes the next number: the quote drew none.
    const sold = await create(saleBody(world, { customerId: buyer, lines: [[item, 1]] }));
    expect(sold.body.data.orderNumber).toBe(last + 1);
  });

  it('answers the refusals create would: unknown treatment 404 code 2, unknown customer 404 code 14', async () => {
    const buyer = await newCustomer(world);
    const unknown = await quote({
      ...saleBody(world, { customerId: buyer }),
      orderDetails: [{ treatmentId: 999_999, quantity: 1 }],
    });
    expect([unknown.status, unknown.body.code]).toEqual([404, NotFound.treatment]);
    const nobody = await quote(saleBody(world, { customerId: 999_999 }));
    expect([nobody.status, nobody.body.code]).toEqual([404, NotFound.customer]);
  });
});

describe('appointmentId: charging an appointment booked for a new treatment', () => {
  let w: AgendaWorld;
  let token: string;
  beforeAll(async () => {
    t.clock.set(MONDAY_8AM);
    w = await agendaWorld(t.app);
    // The sale is made at the agenda world's own clinic, where its appointments are booked.
    world = { ...(await saleWorld(t.app)), branch: w.branch };
    token = world.admin;
  }, 120_000);

  const SLOTS = ['11:00', '12:00', '15:30', '16:30', '18:00', '18:30', '19:00', '10:00'];
  let slot = 0;
  async function booked() {
    const buyer = await newCustomer(world);
    const answer = await book(t.app, token, booking(w, buyer, { startTime: SLOTS[slot++] }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return { buyer, id: answer.body.data.id };
  }
  const toxin = () => ({
    id: w.treatments.toxin.id,
    name: w.treatments.toxin.name,
    price: 0,
    points: 0,
  });

  it('ties the purchased product the sale creates to the appointment; a second charge is 409 code 41', async () => {
    const { buyer, id } = await booked();
    const body = {
      ...saleBody(world, { customerId: buyer, appointmentId: id }),
      orderDetails: [{ treatmentId: toxin().id, quantity: 1 }],
    };
    const priced = await quote({ ...body, payments: [] });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    const sold = await create({ ...body, payments: [card(priced.body.data.total)] });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect(sold.body.data.appointmentId).toBe(id);
    const [row] = await t.app.db
      .select({ purchasedProductId: appointment.purchasedProductId })
      .from(appointment)
      .where(eq(appointment.id, id));
    expect(row!.purchasedProductId).toBe(sold.body.data.purchasedProducts[0]!.id);
    const again = await quote({ ...body, payments: [] });
    expect([again.status, again.body.code]).toEqual([409, Conflict.purchasedProductUnavailable]);
  });

  it('the order’s detail names the consents signed on its purchased products’ appointments', async () => {
    const { buyer, id } = await booked();
    const body = {
      ...saleBody(world, { customerId: buyer, appointmentId: id }),
      orderDetails: [{ treatmentId: toxin().id, quantity: 1 }],
    };
    const priced = await quote({ ...body, payments: [] });
    const sold = await create({ ...body, payments: [card(priced.body.data.total)] });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect(sold.body.data.consents).toEqual([]);
    // What the agenda's finish writes when the treatment asks for its consent.
    const [asked] = await t.app.db
      .select({ consentId: treatment.consentId, name: treatment.name })
      .from(treatment)
      .where(eq(treatment.id, toxin().id));
    expect(asked!.consentId).not.toBeNull();
    const signedAt = new Date(MONDAY_8AM.getTime() + 3 * 3_600_000);
    await t.app.db
      .update(appointment)
      .set({ consentId: asked!.consentId, consentSignedAt: signedAt })
      .where(eq(appointment.id, id));
    const read = await call<OrderRecord>(t.app, 'GET', `/v1/order/${sold.body.data.id}`, {
      token,
    });
    expect(read.body.data.consents).toEqual([
      {
        consentId: asked!.consentId,
        appointmentId: id,
        treatment: asked!.name,
        signedAt: signedAt.toISOString(),
      },
    ]);
  });

  it('an order without a line of its treatment is 409 code 39; another customer’s appointment 404 code 12', async () => {
    const { buyer, id } = await booked();
    const other = world.treatments.find((item) => item.id !== toxin().id)!;
    const wrong = await quote({
      ...saleBody(world, { customerId: buyer, appointmentId: id, lines: [[other, 1]] }),
      payments: [],
    });
    expect([wrong.status, wrong.body.code]).toEqual([409, Conflict.appointmentStatusLocked]);
    const stranger = await newCustomer(world);
    const notTheirs = await quote({
      ...saleBody(world, { customerId: stranger, appointmentId: id }),
      orderDetails: [{ treatmentId: toxin().id, quantity: 1 }],
      payments: [],
    });
    expect([notTheirs.status, notTheirs.body.code]).toEqual([404, NotFound.appointment]);
  });

  it('PUT /purchased-product/{id}/finish finishes its in-process appointment through the agenda’s finish', async () => {
    const { buyer, id } = await booked();
    const body = {
      ...saleBody(world, { customerId: buyer, appointmentId: id }),
      orderDetails: [{ treatmentId: toxin().id, quantity: 1 }],
    };
    const priced = await quote({ ...body, payments: [] });
    const sold = await create({ ...body, payments: [card(priced.body.data.total)] });
    const held = sold.body.data.purchasedProducts[0]!.id;
    const finishBody = {
      attendedById: w.staff.medic.id,
      sessions: [{ areasIds: [] }],
      stockIds: [],
    };
    // Not in process yet: no appointment to finish, 404 code 12.
    const early = await call(t.app, 'PUT', `/v1/purchased-product/${held}/finish`, {
      token,
      body: finishBody,
    });
    expect([early.status, early.body.code]).toEqual([404, NotFound.appointment]);
    const started = await call(t.app, 'PATCH', `/v1/appointment/${id}/set-on-process`, { token });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // Reaches the agenda's finish: its own checks answer (the toxin needs its areas).
    const reached = await call(t.app, 'POST', `/v1/purchased-product/${held}/finish`, {
      token,
      body: finishBody,
    });
    expect(reached.status, JSON.stringify(reached.body)).toBe(400);
    expect(reached.body.details?.length).toBeGreaterThan(0);
    // A customer's purchased products list it, with its order.
    const listed = await call<{ id: number; order: { orderNumber: string } }[]>(
      t.app,
      'GET',
      `/v1/purchased-product/customer/${buyer}`,
      { token },
    );
    expect(listed.body.data.map((item) => item.id)).toContain(held);
    const missed = await call<unknown[]>(
      t.app,
      'GET',
      `/v1/missed-appointment/${held}/purchased-product`,
      {
        token,
      },
    );
    expect([missed.status, missed.body.data]).toEqual([200, []]);
  });
});
