import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeRateHistory } from '../../db/schema';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { auditEntryOf } from '../organization/audit-entry.testing';
import { rateAt } from './exchange-rate';

interface Setting {
  id: number;
  exchangeRate: number;
  paymentProcessType: string;
  cosmetologyCommissionPercent: number;
}
interface Rate {
  id: number;
  exchangeRate: number;
  effectiveFrom: string;
  user: { id: number; name: string } | null;
}
type Page<T> = { items: T[]; meta: { itemCount: number } };

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin', 'CEDIS')).token;
});
afterAll(async () => {
  await t.close();
});

/** Moves the clock (a change takes effect at its instant) and signs in again at the new time. */
async function moveTo(iso: string) {
  t.clock.set(new Date(iso));
  admin = (await signInAs(t.app, 'superAdmin', 'CEDIS')).token;
}

const getSetting = (token = admin) => call<Setting>(t.app, 'GET', '/v1/setting', { token });
const update = (body: Record<string, unknown>, id = 1, token = admin) =>
  call<Setting>(t.app, 'PUT', `/v1/setting/${id}/update`, { token, body });
const rateAtInstant = (at?: string) =>
  call<Rate>(t.app, 'GET', '/v1/setting/exchange-rate', {
    token: admin,
    query: at ? { at } : {},
  });
const history = () =>
  call<Page<Rate>>(t.app, 'GET', '/v1/setting/exchange-rate/history', {
    token: admin,
    query: { take: '100' },
  });

describe('settings (spec 002 §7; CONTRACT §11)', () => {
  it('answers the one record with its four fields', async () => {
    const answer = await getSetting();
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.data).sort()).toEqual([
      'cosmetologyCommissionPercent',
      'exchangeRate',
      'id',
      'paymentProcessType',
    ]);
    expect(answer.body.data.id).toBe(1);
    expect(answer.body.data.exchangeRate).toBeGreaterThan(0);
    expect(['manual', 'gateway']).toContain(answer.body.data.paymentProcessType);
  });

  it('changes the rate: audited with before and after, and in force from that instant', async () => {
    const before = (await getSetting()).body.data;
    const rowsBefore = (await history()).body.data.meta.itemCount;
    await moveTo('2026-11-21T16:00:00Z');
    const answer = await update({ exchangeRate: 18.1234 });
    expect(answer.status).toBe(200);
    expect(answer.body.data.exchangeRate).toBe(18.1234);

    const entry = await auditEntryOf(t.app, admin, {
      module: 'setting',
      action: 'update',
      recordId: 1,
    });
    expect(entry?.changes).toEqual({
      exchangeRate: { before: before.exchangeRate, after: 18.1234 },
    });

    const rates = (await history()).body.data;
    expect(rates.meta.itemCount).toBe(rowsBefore + 1);
    expect(rates.items[0]).toMatchObject({
      exchangeRate: 18.1234,
      effectiveFrom: '2026-11-21T16:00:00.000Z',
      user: { name: 'Alejandra Ruiz Campos' },
    });

    expect((await rateAtInstant('2026-11-21T16:00:00Z')).body.data.exchangeRate).toBe(18.1234);
    expect((await rateAtInstant('2026-11-21T15:59:59.999Z')).body.data.exchangeRate).toBe(
      before.exchangeRate,
    );
    expect((await rateAtInstant()).body.data.exchangeRate).toBe(18.1234);
  });

  it('reads the rate of any past instant, through the API and through rateAt for the sales', async () => {
    await moveTo('2026-11-22T18:30:00Z');
    expect((await update({ exchangeRate: 17.9 })).status).toBe(200);
    await moveTo('2026-11-23T09:00:00Z');
    expect((await update({ exchangeRate: 18.05 })).status).toBe(200);

    const at = async (iso: string) => (await rateAt(t.app.db, new Date(iso))).exchangeRate;
    expect(await at('2026-11-22T00:00:00Z')).toBe(18.1234);
    expect(await at('2026-11-22T18:30:00Z')).toBe(17.9);
    expect(await at('2026-11-23T08:59:59Z')).toBe(17.9);
    expect(await at('2026-11-24T00:00:00Z')).toBe(18.05);
    // Before any change, the rate the chain started with (in force since 1970).
    const first = await at('1999-01-01T00:00:00Z');
    const [initial] = await t.app.db
      .select({ rate: exchangeRateHistory.exchangeRate, from: exchangeRateHistory.effectiveFrom })
      .from(exchangeRateHistory)
      .orderBy(exchangeRateHistory.effectiveFrom)
      .limit(1);
    expect(first).toBe(Number(initial!.rate));
    expect(initial!.from.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect((await rateAtInstant('2026-11-22T20:00:00-06:00')).body.data.exchangeRate).toBe(17.9);
  });

  it('adds no rate to the history when the rate does not change', async () => {
    const rows = (await history()).body.data.meta.itemCount;
    const answer = await update({
      paymentProcessType: 'gateway',
      cosmetologyCommissionPercent: 12.5,
      exchangeRate: 18.05,
    });
    expect(answer.body.data).toMatchObject({
      paymentProcessType: 'gateway',
      cosmetologyCommissionPercent: 12.5,
      exchangeRate: 18.05,
    });
    expect((await history()).body.data.meta.itemCount).toBe(rows);
    const entry = await auditEntryOf(t.app, admin, {
      module: 'setting',
      action: 'update',
      recordId: 1,
    });
    expect(entry?.changes).toEqual({
      paymentProcessType: { before: 'manual', after: 'gateway' },
      cosmetologyCommissionPercent: { before: expect.any(Number), after: 12.5 },
    });
  });

  it.each([
    [{ exchangeRate: 0 }, 'exchangeRate', 'El tipo de cambio debe ser mayor a 0'],
    [{ exchangeRate: -3 }, 'exchangeRate', 'El tipo de cambio debe ser mayor a 0'],
    [
      { exchangeRate: 17.12345 },
      'exchangeRate',
      'El campo Tipo de cambio admite máximo cuatro decimales',
    ],
    [{ exchangeRate: '18' }, 'exchangeRate', 'El campo Tipo de cambio debe ser un número'],
    [
      { paymentProcessType: 'efectivo' },
      'paymentProcessType',
      'El campo Tipo de proceso de pago tiene un valor no permitido',
    ],
    [
      { cosmetologyCommissionPercent: 100.01 },
      'cosmetologyCommissionPercent',
      'El campo Comisión de cosmetología (%) debe ser menor o igual a 100',
    ],
    [{ exchageRate: 18 }, 'exchageRate', 'Campo no permitido'],
  ])('refuses %o with a Spanish message and changes nothing', async (body, field, message) => {
    const before = (await getSetting()).body.data;
    const answer = await update(body);
    expect(answer.status).toBe(400);
    expect(answer.body.details).toContainEqual({ field, message });
    expect((await getSetting()).body.data).toEqual(before);
  });

  it('refuses an instant that is not ISO 8601', async () => {
    const answer = await rateAtInstant('ayer');
    expect(answer.status).toBe(400);
  });

  it('answers 404 for a settings id that is not the record', async () => {
    const answer = await update({ exchangeRate: 19 }, 2);
    expect([answer.status, answer.body.code]).toEqual([404, 0]);
  });

  it.each([
    ['branchManager', 'GET'],
    ['franchisee', 'GET'],
    ['medic', 'PUT'],
    ['logisticsManager', 'PUT'],
  ] as const)('answers 403 to %s (no setting privilege) on %s', async (role, method) => {
    const token = (await signInAs(t.app, role)).token;
    const answer =
      method === 'GET' ? await getSetting(token) : await update({ exchangeRate: 1 }, 1, token);
    expect(answer.status).toBe(403);
    expect((await rateAtInstant()).body.data.exchangeRate).not.toBe(1);
  });
});
