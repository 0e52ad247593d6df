import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '@clinica/domain';
import { call, createTestApp, DEMO_USERS, signInAs, type TestApp } from '../../test/harness';
import {
  card,
  cash,
  debit,
  newCustomer,
  newOrder,
  saleWorld,
  type SaleWorld,
} from '../../test/factories';

/**
 * GET /order (CONTRACT §12 "Lists"): both spellings of the channel in any case, the days in the
 * order's branch zone, paidDate and refundDate, payment method (any of its payments), the search by
 * folio (with or without POS-) and by the customer's full name, the row, and a role fixed to its
 * branch seeing only its branch.
 */

type Page = { items: OrderSummary[]; meta: { itemCount: number } };

let t: TestApp;
let world: SaleWorld;
let buyer: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  world = await saleWorld(t.app);
  buyer = await newCustomer(world, {
    name: 'Ximena',
    lastName: 'Listádez',
    motherLastName: 'Ruiz',
  });
  ids.mixed = (await newOrder(world, { customerId: buyer, payWith: [cash, debit] })).id;
  ids.card = (await newOrder(world, { customerId: buyer, branchId: world.otherBranch })).id;
  ids.app = (await newOrder(world, { customerId: buyer, origin: 'APP' })).id;
  const refunded = await newOrder(world, { customerId: buyer, payWith: [card] });
  ids.refunded = refunded.id;
  const answer = await call(t.app, 'POST', `/v1/order/${refunded.orderNumber}/refund`, {
    token: world.admin,
    body: {
      refundReason: 'Prueba de listas',
      refundMethod: 'Efectivo',
      password: DEMO_USERS.superAdmin.password,
      branchId: world.branch,
    },
  });
  expect(answer.status).toBe(200);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const list = async (query: Record<string, string>, token = world.admin) => {
  const answer = await call<Page>(t.app, 'GET', '/v1/order', {
    token,
    query: { take: '100', customerId: String(buyer), ...query },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.items;
};
const idsOf = (items: OrderSummary[]) => items.map((item) => item.id).sort((a, b) => a - b);
const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);

describe('GET /order filters (CONTRACT §12)', () => {
  it('saleType and origin in either spelling and any case', async () => {
    const pos = sorted(ids.mixed!, ids.card!, ids.refunded!);
    expect(idsOf(await list({ saleType: 'POS' }))).toEqual(pos);
    expect(idsOf(await list({ saleType: 'sucursal' }))).toEqual(pos);
    expect(idsOf(await list({ origin: 'pos' }))).toEqual(pos);
    expect(idsOf(await list({ saleType: 'app' }))).toEqual([ids.app]);
    expect(idsOf(await list({ saleType: 'ONLINE' }))).toEqual([]);
    const wrong = await call(t.app, 'GET', '/v1/order', {
      token: world.admin,
      query: { saleType: 'tienda' },
    });
    expect(wrong.status).toBe(400);
  });

  it('paymentMethod matches any of an order’s payments; several separated by commas', async () => {
    expect(idsOf(await list({ paymentMethod: 'Tarjeta de débito' }))).toEqual([ids.mixed]);
    expect(idsOf(await list({ paymentMethod: 'Efectivo,Tarjeta de crédito' }))).toEqual(
      sorted(ids.mixed!, ids.card!, ids.app!, ids.refunded!),
    );
  });

  it('paidDate, refundDate and the creation days in the branch’s zone', async () => {
    // The harness's clock: 09:00 in Tijuana on 20 November 2026.
    expect(idsOf(await list({ paidDate: '2026-11-20' }))).toEqual(
      sorted(ids.mixed!, ids.card!, ids.refunded!),
    );
    expect(idsOf(await list({ refundDate: '2026-11-20' }))).toEqual([ids.refunded]);
    expect(idsOf(await list({ refundDate: '2026-11-19' }))).toEqual([]);
    expect((await list({ startDate: '2026-11-20', endDate: '2026-11-20' })).length).toBe(4);
    expect(await list({ startDate: '2026-11-21' })).toEqual([]);
  });

  it('search by folio (with or without POS-) and by the customer’s full name', async () => {
    const [row] = await list({ paymentMethod: 'Tarjeta de débito' });
    const bare = String(row!.orderNumber);
    const byFolio = await call<Page>(t.app, 'GET', '/v1/order', {
      token: world.admin,
      query: { search: row!.folio },
    });
    expect(byFolio.body.data.items.map((item) => item.id)).toEqual([row!.id]);
    const byNumber = await call<Page>(t.app, 'GET', '/v1/order', {
      token: world.admin,
      query: { search: bare },
    });
    expect(byNumber.body.data.items.map((item) => item.id)).toContain(row!.id);
    const byName = await call<Page>(t.app, 'GET', '/v1/order', {
      token: world.admin,
      query: { search: 'ximena listadez ruiz' },
    });
    expect(idsOf(byName.body.data.items)).toEqual(
      sorted(ids.mixed!, ids.card!, ids.app!, ids.refunded!),
    );
  });

  it('the row: folio, date and time in the zone, methods, Venta or Devolución', async () => {
    const items = await list({});
    const mixed = items.find((item) => item.id === ids.mixed)!;
    expect(mixed.folio).toMatch(/^POS-\d{6}$/);
    expect([mixed.date, mixed.time]).toEqual(['2026-11-20', '09:00']);
    expect(mixed.paymentMethod).toBe('Mixto');
    expect(mixed.paymentMethods).toEqual(['Efectivo', 'Tarjeta de débito']);
    expect(mixed.type).toBe('Venta');
    expect(items.find((item) => item.id === ids.refunded)!.type).toBe('Devolución');
    expect(items.find((item) => item.id === ids.app)!.paidDate).toBeNull();
  });

  it('a role fixed to its branch sees only its branch’s orders', async () => {
    const manager = (await signInAs(t.app, 'branchManager')).token;
    const seen = await list({}, manager);
    expect(seen.every((item) => item.branch.id === world.branch)).toBe(true);
    expect(idsOf(seen)).not.toContain(ids.card);
  });
});
