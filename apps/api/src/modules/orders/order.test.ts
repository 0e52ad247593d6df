import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql, sum } from 'drizzle-orm';
import type { CustomerOrder, OrderRecord, PurchasedProductRecord } from '@clinica/domain';
import { customer, order, pointsMovement, treatment } from '../../db/schema';
import {
  branchId,
  call,
  createTestApp,
  signInAs,
  type DemoRole,
  type TestApp,
} from '../../test/harness';
import { auditTrail, onPostgres } from '../../test/races';

/**
 * The sale (CONTRACT §12, spec 002 §3–§9): the server prices every line, a promotion only within
 * its hours, dollars at the rate in force, one coupon once, payments that cover the total with
 * cash change, purchased products with the package's sessions, points earned and spent through the
 * ledger (never below 0, even under concurrent spending), and app orders settled once.
 */

type Page<T> = { items: T[]; meta: { itemCount: number } };
type Named = { id: number; name: string };
type Treatment = Named & {
  sku: string;
  price: number;
  points: number;
  areas: Named[];
  treatmentType: Named | null;
};

let t: TestApp;
let admin: string;
let zonaRio: number;
let playas: number;
/** A cosmetologist's treatment with a price, points and areas: the catalogue read by property. */
let cosmetic: Treatment;
let facialCategory: number;
let cosmeticType: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  zonaRio = await branchId(t.app, 'Zona Río');
  playas = await branchId(t.app, 'Playas de Tijuana');
  const get = async <T>(url: string, query?: Record<string, string>) =>
    (await call<T>(t.app, 'GET', url, { token: admin, query })).body.data;
  cosmetic = (await get<Page<Treatment>>('/v1/treatment', { take: '100', status: '1' })).items
    .filter(
      (item) =>
        item.treatmentType?.name === 'Cosmetóloga' &&
        item.price > 0 &&
        item.points > 0 &&
        item.areas.length > 0,
    )
    .sort((a, b) => a.id - b.id)[0]!;
  const categories = (await get<Page<Named & { type: string }>>('/v1/category', { take: '100' }))
    .items;
  facialCategory = categories.find((item) => item.type === 'treatment')!.id;
  cosmeticType = (await get<Named[]>('/v1/treatment-type')).find(
    (type) => type.name === 'Cosmetóloga',
  )!.id;
}, 240_000);
afterAll(async () => {
  await t?.close();
});

/** 09:00 in Tijuana on 20 November 2026 (the harness's clock). */
const MORNING = new Date('2026-11-20T17:00:00Z');

let phones = 0;
async function newCustomer(overrides: Record<string, unknown> = {}): Promise<number> {
  phones += 1;
  const answer = await call<{ id: number }>(t.app, 'POST', '/v1/customer/create', {
    token: admin,
    body: {
      name: 'Paola',
      lastName: 'Compradora',
      birthday: '1990-04-12',
      mobilePhone: `66490${String(phones).padStart(5, '0')}`,
      ...overrides,
    },
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.data.id;
}

const sell = (body: Record<string, unknown>, token = admin) =>
  call<OrderRecord>(t.app, 'POST', '/v1/order/create', { token, body });

const cash = (amount: number) => ({ paymentMethod: 'Efectivo', amount, currency: 'MXN' });
const card = (amount: number) => ({ paymentMethod: 'Tarjeta de crédito', amount, currency: 'MXN' });

/**
 * Sells one cosmetic treatment to the customer at Zona Río, paid by card at its catalogue price:
 * the sale most tests start from. `changes` replace fields of the body (origin, branch, payments).
 */
function sellOne(customerId: number, changes: Record<string, unknown> = {}, token = admin) {
  const limpieza = cosmetic;
  return sell(
    {
      origin: 'SUCURSAL',
      branchId: zonaRio,
      customerId,
      orderDetails: [{ treatmentId: limpieza.id, quantity: 1 }],
      payments: [card(limpieza.price)],
      ...changes,
    },
    token,
  );
}

async function pointsOf(customerId: number) {
  const [row] = await t.app.db
    .select({ points: customer.points })
    .from(customer)
    .where(eq(customer.id, customerId));
  const [ledger] = await t.app.db
    .select({ total: sum(pointsMovement.delta) })
    .from(pointsMovement)
    .where(eq(pointsMovement.customerId, customerId));
  return { points: row!.points, ledger: Number(ledger?.total ?? 0) };
}

let serial = 0;
async function newOffer(overrides: Record<string, unknown>) {
  serial += 1;
  const limpieza = cosmetic;
  const answer = await call<{ id: number; price: number; regularPrice: number }>(
    t.app,
    'POST',
    '/v1/package/create',
    {
      token: admin,
      body: {
        type: 'Package',
        sku: `PV-T${String(serial).padStart(3, '0')}`,
        name: `Paquete de venta ${serial}`,
        description: 'Para probar la venta',
        treatmentTypeId: cosmeticType,
        categoryId: facialCategory,
        points: 40,
        cabainTime: '01:00',
        branchesIds: [zonaRio],
        paymentType: ['Efectivo', 'Tarjeta de crédito'],
        validBySchedule: 0,
        validByTime: 0,
        treatmentPackage: [
          {
            treatmentId: limpieza.id,
            areasIds: [limpieza.areas[0]!.id],
            limit: 2,
            regularPrice: 1200,
            promotionPrice: 950.5,
            sessions: 4,
          },
        ],
        ...overrides,
      },
    },
  );
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.data;
}

describe('a point-of-sale order (CONTRACT §12)', () => {
  it('prices a treatment from the catalogue, records the cash change, earns points and gives a purchased product', async () => {
    const buyer = await newCustomer();
    const item = cosmetic;
    const answer = await sell({
      origin: 'SUCURSAL',
      branchId: zonaRio,
      customerId: buyer,
      orderDetails: [{ treatmentId: item.id, quantity: 2 }],
      payments: [cash(item.price * 2 + 150)],
    });
    expect(answer.status).toBe(201);
    const record = answer.body.data;
    expect(record).toMatchObject({
      folio: expect.stringMatching(/^POS-\d{6}$/),
      origin: 'SUCURSAL',
      paymentStatus: 'paid',
      paymentMethod: 'Efectivo',
      subtotal: item.price * 2,
      total: item.price * 2,
      changeAmount: 150,
      points: item.points * 2,
    });
    expect(record.paidAt).not.toBeNull();
    expect(record.orderDetails[0]).toMatchObject({ price: item.price, salePrice: item.price });
    expect(record.purchasedProducts).toHaveLength(2);
    expect(record.purchasedProducts[0]).toMatchObject({
      treatment: { id: item.id },
      sessions: 1,
      currentSession: 0,
      limit: 1,
      status: 'onProcess',
    });
    expect(await pointsOf(buyer)).toEqual({ points: item.points * 2, ledger: item.points * 2 });
    expect((await auditTrail(t.app, 'sales', record.id)).map((e) => e.action)).toEqual(['create']);

    // The customer's detail: the Órdenes tab and the purchased products.
    const orders = await call<{ orders: CustomerOrder[] }>(
      t.app,
      'GET',
      `/v1/customer/${buyer}/orders`,
      { token: admin },
    );
    expect(orders.body.data.orders).toEqual([
      expect.objectContaining({
        orderNumber: record.folio,
        total: record.total,
        origin: 'SUCURSAL',
      }),
    ]);
    const detail = await call<{ points: number; purchasedProducts: PurchasedProductRecord[] }>(
      t.app,
      'GET',
      `/v1/customer/${buyer}/single`,
      { token: admin, query: { purchasedProducts: 'true' } },
    );
    expect(detail.body.data.purchasedProducts).toHaveLength(2);
    expect(detail.body.data.points).toBe(item.points * 2);
    const fetched = await call<OrderRecord>(t.app, 'GET', `/v1/order/${record.id}`, {
      token: admin,
    });
    expect(fetched.body.data).toEqual(record);
    const listed = await call<Page<{ id: number }>>(t.app, 'GET', '/v1/order', {
      token: admin,
      query: { search: JSON.stringify({ value: record.folio }) },
    });
    expect(listed.body.data.items.map((row) => row.id)).toEqual([record.id]);
  });

  it('a package’s price is the server’s: a price in the body is refused, the sessions come from the package line', async () => {
    const buyer = await newCustomer();
    const offer = await newOffer({});
    const withPrice = await sell({
      origin: 'SUCURSAL',
      branchId: zonaRio,
      customerId: buyer,
      orderDetails: [{ packageId: offer.id, quantity: 1, price: 1 }],
      payments: [card(1)],
    });
    expect(withPrice.status).toBe(400);
    const answer = await sell({
      origin: 'SUCURSAL',
      branchId: zonaRio,
      customerId: buyer,
      orderDetails: [{ packageId: offer.id, quantity: 1 }],
      payments: [card(950.5)],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data.orderDetails[0]).toMatchObject({
      package: { id: offer.id },
      price: 1200,
      salePrice: 950.5,
      points: 40,
    });
    expect(answer.body.data.purchasedProducts).toEqual([
      expect.objectContaining({
        sessions: 4,
        limit: 2,
        package: { id: offer.id, name: expect.any(String) },
      }),
    ]);
    expect(answer.body.data.purchasedProducts[0]!.areas).toHaveLength(1);
  });

  it('a promotion outside its hours is refused (409 code 43, naming it), and sold within them', async () => {
    const buyer = await newCustomer();
    const promo = await newOffer({
      type: 'Promotion',
      name: 'Promoción de tarde',
      validByTime: 1,
      startTime: '14:00',
      endTime: '18:00',
      treatmentPackage: [
        {
          treatmentId: cosmetic.id,
          areasIds: [cosmetic.areas[0]!.id],
          limit: 1,
          regularPrice: 1000,
          promotionPrice: 700,
        },
      ],
    });
    const body = {
      origin: 'SUCURSAL',
      branchId: zonaRio,
      customerId: buyer,
      orderDetails: [{ packageId: promo.id, quantity: 1 }],
      payments: [cash(700)],
    };
    t.clock.set(MORNING);
    const early = await sell(body);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe(43);
    expect(early.body.details?.[0]).toMatchObject({
      field: 'orderDetails.0.packageId',
      message: expect.stringContaining('Promoción de tarde'),
    });
    // A payment method the promotion does not take is refused too.
    t.clock.set(new Date('2026-11-20T23:00:00Z'));
    try {
      const late = (await signInAs(t.app, 'superAdmin')).token;
      const byTransfer = await sell(
        {
          ...body,
          payments: [{ paymentMethod: 'Transferencia electrónica', amount: 700, currency: 'MXN' }],
        },
        late,
      );
      expect([byTransfer.status, byTransfer.body.code]).toEqual([409, 43]);
      const afternoon = await sell(body, late);
      expect(afternoon.status).toBe(201);
      expect(afternoon.body.data.purchasedProducts[0]!.sessions).toBe(1);
    } finally {
      t.clock.set(MORNING);
    }
  });

  it('converts dollars at the rate in force and records it on the order', async () => {
    const buyer = await newCustomer();
    const item = cosmetic;
    const rate = await call(t.app, 'PUT', '/v1/setting/1/update', {
      token: admin,
      body: { exchangeRate: 20 },
    });
    expect(rate.status).toBe(200);
    const dollars = Math.ceil(item.price / 20);
    const answer = await sellOne(buyer, {
      payments: [{ paymentMethod: 'Efectivo', amount: dollars, currency: 'DLS' }],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data.exchangeRate).toBe(20);
    expect(answer.body.data.payments[0]).toMatchObject({
      currency: 'DLS',
      amount: dollars,
      amountMxn: dollars * 20,
    });
    expect(answer.body.data.changeAmount).toBeCloseTo(dollars * 20 - item.price, 2);
    // Dollars by card must match the total exactly: no change from a card.
    const short = await sellOne(buyer, {
      payments: [{ paymentMethod: 'Tarjeta de crédito', amount: dollars + 10, currency: 'DLS' }],
    });
    expect(short.status).toBe(400);
  });

  it('payments that do not cover the total are refused with a Spanish message, and nothing changes', async () => {
    const buyer = await newCustomer();
    const item = cosmetic;
    const [before] = await t.app.db.select({ n: count() }).from(order);
    const answer = await sellOne(buyer, { payments: [cash(item.price - 1)] });
    expect(answer.status).toBe(400);
    expect(answer.body.details?.[0]).toMatchObject({
      field: 'payments',
      message: expect.stringContaining('no cubren el total'),
    });
    const over = await sellOne(buyer, { payments: [card(item.price + 1)] });
    expect(over.status).toBe(400);
    const [after] = await t.app.db.select({ n: count() }).from(order);
    expect(after!.n).toBe(before!.n);
    expect(await pointsOf(buyer)).toEqual({ points: 0, ledger: 0 });
  });

  it('applies a coupon once: its discount on the treatment, the second sale to the same customer 400 code 11', async () => {
    const buyer = await newCustomer();
    const item = cosmetic;
    const created = await call<{ id: number }>(t.app, 'POST', '/v1/coupon/create', {
      token: admin,
      body: {
        code: 'VENTA20',
        name: 'Veinte en limpieza',
        description: 'Cupón de prueba',
        branchesIds: [zonaRio],
        limit: 5,
        type: 'Treatment',
        treatmentId: item.id,
        discount: 20,
        expireDate: '2026-12-31',
      },
    });
    expect(created.status).toBe(201);
    const discounted = Math.round(item.price * 80) / 100;
    const withCoupon = { couponCode: 'venta20', payments: [card(discounted)] };
    const first = await sellOne(buyer, withCoupon);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      subtotal: item.price,
      discountTotal: item.price - discounted,
      total: discounted,
      coupon: { code: 'VENTA20' },
    });
    const again = await sellOne(buyer, withCoupon);
    expect([again.status, again.body.code]).toEqual([400, 11]);
    const detail = await call<{ used: number; orders: { orderNumber: string }[] }>(
      t.app,
      'GET',
      `/v1/coupons/${created.body.data.id}`,
      { token: admin },
    );
    expect(detail.body.data.used).toBe(1);
    expect(detail.body.data.orders.map((row) => row.orderNumber)).toEqual([first.body.data.folio]);
  });

  it('refuses a blacklisted customer (409 code 38) and an unknown one (404 code 14)', async () => {
    const buyer = await newCustomer();
    await call(t.app, 'PUT', `/v1/customer/${buyer}/update`, {
      token: admin,
      body: { blackList: 1 },
    });
    const item = cosmetic;
    const byCash = { payments: [cash(item.price)] };
    const banned = await sellOne(buyer, byCash);
    expect([banned.status, banned.body.code]).toEqual([409, 38]);
    const unknown = await sellOne(999_999, byCash);
    expect([unknown.status, unknown.body.code]).toEqual([404, 14]);
  });

  it('pays with points (1 MXN a point) through the ledger; more points than held is 422 code 8', async () => {
    const buyer = await newCustomer();
    const item = cosmetic;
    const first = await sellOne(buyer);
    expect(first.status).toBe(201);
    const held = item.points;
    const tooMany = await sellOne(buyer, {
      payments: [
        { paymentMethod: 'Puntos', amount: held + 1, currency: 'MXN' },
        card(item.price - held - 1),
      ],
    });
    expect([tooMany.status, tooMany.body.code]).toEqual([422, 8]);
    const spent = await sellOne(buyer, {
      payments: [
        { paymentMethod: 'Puntos', amount: held, currency: 'MXN' },
        card(item.price - held),
      ],
    });
    expect(spent.status).toBe(201);
    expect(spent.body.data.paymentMethod).toBe('Mixto');
    expect(await pointsOf(buyer)).toEqual({ points: item.points, ledger: item.points });
    const appPoints = await sellOne(buyer, {
      origin: 'APP',
      payments: [{ paymentMethod: 'Puntos', amount: 1, currency: 'MXN' }, card(item.price - 1)],
    });
    expect(appPoints.status).toBe(400);
  });

  it('an app order starts pending and earns its points once it is settled; a second settlement is 409 code 30', async () => {
    const buyer = await newCustomer();
    const item = cosmetic;
    const answer = await sellOne(buyer, {
      origin: 'APP',
      payments: [{ ...card(item.price), reference: 'APP-1' }],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ paymentStatus: 'pending_payment', paidAt: null });
    expect(await pointsOf(buyer)).toEqual({ points: 0, ledger: 0 });
    const settle = (paymentStatus: string) =>
      call<OrderRecord>(t.app, 'PATCH', `/v1/order/${answer.body.data.id}/payment`, {
        token: admin,
        body: { paymentStatus, reference: 'GW-77' },
      });
    const paid = await settle('paid');
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ paymentStatus: 'paid', payReference: 'GW-77' });
    expect(await pointsOf(buyer)).toEqual({ points: item.points, ledger: item.points });
    const again = await settle('paid');
    expect([again.status, again.body.code]).toEqual([409, 30]);
    expect(await pointsOf(buyer)).toEqual({ points: item.points, ledger: item.points });
  });

  it('a role fixed to its branch sells at its own; another branch is 404 code 6', async () => {
    const manager = (await signInAs(t.app, 'branchManager')).token;
    const buyer = await newCustomer();
    const item = cosmetic;
    const atPlayas = { branchId: playas, payments: [cash(item.price)] };
    const elsewhere = await sellOne(buyer, atPlayas, manager);
    expect([elsewhere.status, elsewhere.body.code]).toEqual([404, 6]);
    const franchisee = (await signInAs(t.app, 'franchisee')).token;
    const refused = await sellOne(buyer, atPlayas, franchisee);
    expect(refused.status).toBe(403);
  });

  it("a customer's orders: a role fixed to its branch sees its branch's, an all-branch role every one; purchased products stay visible (CONTRACT §5)", async () => {
    const buyer = await newCustomer();
    const here = await sellOne(buyer);
    const there = await sellOne(buyer, { branchId: playas });
    expect([here.status, there.status]).toEqual([201, 201]);
    const seen: [role: DemoRole, orders: number[]][] = [
      ['superAdmin', [there.body.data.id, here.body.data.id]],
      ['branchManager', [here.body.data.id]],
      ['operationalManager', [here.body.data.id]],
      ['medic', [here.body.data.id]],
      ['cosmetologist', [here.body.data.id]],
      ['franchisee', [there.body.data.id]],
    ];
    for (const [role, expected] of seen) {
      const token = (await signInAs(t.app, role)).token;
      const answer = await call<{ orders: CustomerOrder[] }>(
        t.app,
        'GET',
        `/v1/customer/${buyer}/orders`,
        { token },
      );
      expect(answer.status, role).toBe(200);
      expect(
        answer.body.data.orders.map((item) => item.id),
        role,
      ).toEqual(expected);
      const detail = await call<{ purchasedProducts: PurchasedProductRecord[] }>(
        t.app,
        'GET',
        `/v1/customer/${buyer}/single`,
        { token, query: { purchasedProducts: 'true' } },
      );
      expect(detail.body.data.purchasedProducts, role).toHaveLength(2);
    }
  });

  it('the goals count the paid sales of their branch and month (totalSale)', async () => {
    // The demo may already hold the month's goal (500 code 37 then): either way one exists.
    await call(t.app, 'POST', '/v1/goal/create', {
      token: admin,
      body: { goal: 500_000, branchId: zonaRio, month: '11', year: '2026' },
    });
    const totalSale = async () => {
      const goals = await call<
        Page<{ branch: Named; month: string; year: string; totalSale: number }>
      >(t.app, 'GET', '/v1/goal', {
        token: admin,
        query: { take: '100', branchId: String(zonaRio) },
      });
      return goals.body.data.items.find(
        (goal) => goal.branch.id === zonaRio && goal.month === '11' && goal.year === '2026',
      )!.totalSale;
    };
    const before = await totalSale();
    const buyer = await newCustomer();
    const item = cosmetic;
    const paid = await sellOne(buyer, { payments: [cash(item.price)] });
    const pending = await sellOne(buyer, { origin: 'APP' });
    expect([paid.status, pending.status]).toEqual([201, 201]);
    // Only the paid order counts; the pending one waits for its settlement.
    expect(await totalSale()).toBeCloseTo(before + item.price, 2);
  });
});

describe.runIf(onPostgres)('orders under concurrent requests (PostgreSQL)', () => {
  it('points never go below 0: of 20 orders each paying 30 points from 100, at most 3 pass', async () => {
    const buyer = await newCustomer();
    const item = cosmetic;
    await t.app.db.update(treatment).set({ points: 0 }).where(eq(treatment.id, item.id));
    await t.app.db.transaction(async (tx) => {
      await tx.update(customer).set({ points: 100 }).where(eq(customer.id, buyer));
      await tx
        .insert(pointsMovement)
        .values({ customerId: buyer, kind: 'adjust', delta: 100, balance: 100 });
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        sellOne(buyer, {
          payments: [
            { paymentMethod: 'Puntos', amount: 30, currency: 'MXN' },
            card(item.price - 30),
          ],
        }),
      ),
    );
    await t.app.db.update(treatment).set({ points: item.points }).where(eq(treatment.id, item.id));
    const passed = answers.filter((answer) => answer.status === 201).length;
    expect(passed).toBe(3);
    expect(
      answers.filter((a) => a.status !== 201).every((a) => a.status === 422 && a.body.code === 8),
    ).toBe(true);
    expect(await pointsOf(buyer)).toEqual({ points: 10, ledger: 10 });
  });

  it('concurrent settlements of one app order: one pays and earns the points once', async () => {
    const buyer = await newCustomer();
    const item = cosmetic;
    const answer = await sellOne(buyer, { origin: 'APP' });
    const settles = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(t.app, 'PATCH', `/v1/order/${answer.body.data.id}/payment`, {
          token: admin,
          body: { paymentStatus: 'paid' },
        }),
      ),
    );
    expect(settles.map((s) => s.status).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    const [earned] = await t.app.db
      .select({ n: count() })
      .from(pointsMovement)
      .where(
        and(eq(pointsMovement.orderId, answer.body.data.id), sql`${pointsMovement.kind} = 'earn'`),
      );
    expect(earned!.n).toBe(1);
    expect(await pointsOf(buyer)).toEqual({ points: item.points, ledger: item.points });
  });
});
