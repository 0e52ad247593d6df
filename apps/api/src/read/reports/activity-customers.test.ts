import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CustomersReportItem, ListMeta } from '@clinica/domain';
import { customer } from '../../db/schema';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { customersAt, newBranch } from '../../test/factories';
import { expectBadField, type Query } from './activity-report.testing';

/**
 * GET /report/customers (CONTRACT §14): the customers registered on the days asked, in their
 * registry branch's zone, at the registry branch asked, paged as any list (§3).
 */

let t: TestApp;
let admin: string;
let cancun: number;
let zonaRio: number;
/** Our customers at the Cancún branch, registered at these instants (UTC). */
const REGISTERED = [
  '2027-02-27T18:00:00.000Z',
  // 23:30 of Feb 28 in Cancún (UTC−5): registered on the 28th, though it is March 1 in UTC.
  '2027-03-01T04:30:00.000Z',
  // 00:30 of March 1 in Cancún.
  '2027-03-01T05:30:00.000Z',
  '2027-03-02T15:00:00.000Z',
  '2027-03-03T23:59:00.000Z',
];
let ids: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  zonaRio = await branchId(t.app, 'Zona Río');
  cancun = await newBranch(t.app, admin, { zone: 'America/Cancun', city: 'Cancún' });
  ids = await customersAt(t.app, cancun, REGISTERED.length);
  for (const [index, id] of ids.entries())
    await t.app.db
      .update(customer)
      .set({ createdAt: new Date(REGISTERED[index]!) })
      .where(eq(customer.id, id));
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const customers = (query: Query, token = admin) =>
  call<{ items: CustomersReportItem[]; meta: ListMeta }>(t.app, 'GET', '/v1/report/customers', {
    token,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  });

async function idsOf(query: Query) {
  const answer = await customers({ branchId: cancun, take: 100, ...query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.items.map((item) => item.id).sort((a, b) => a - b);
}

describe('the customers report', () => {
  it('answers the registry branch’s customers with the report’s fields', async () => {
    const answer = await customers({ branchId: cancun, field: 'created_at', order: 'ASC' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { items, meta } = answer.body.data;
    expect(items.map((item) => item.id)).toEqual(ids);
    expect(meta).toMatchObject({ page: 1, itemCount: 5, pageCount: 1 });
    expect(items.map((item) => item.created_at)).toEqual(REGISTERED);
    expect(items[0]).toMatchObject({
      registryBranch: { id: cancun, name: expect.stringMatching(/^Sucursal de fábrica/) },
      name: 'Cliente',
      birthday: '1990-01-01',
      points: 0,
      blackList: 0,
      status: true,
      email: null,
      gender: null,
    });
    expect(Object.keys(items[0]!).sort()).toEqual(
      [
        'id',
        'customerId',
        'registryBranch',
        'created_at',
        'birthday',
        'name',
        'lastName',
        'motherLastName',
        'points',
        'phone',
        'mobilePhone',
        'email',
        'gender',
        'maritalStatus',
        'originCountry',
        'blackList',
        'status',
      ].sort(),
    );
  });

  it('filters the registration day in the registry branch’s zone, both days included', async () => {
    expect(await idsOf({ startDate: '2027-02-28', endDate: '2027-02-28' })).toEqual([ids[1]]);
    expect(await idsOf({ startDate: '2027-03-01', endDate: '2027-03-01' })).toEqual([ids[2]]);
    expect(await idsOf({ startDate: '2027-03-01' })).toEqual(ids.slice(2));
    expect(await idsOf({ endDate: '2027-02-28' })).toEqual(ids.slice(0, 2));
    expect(await idsOf({ startDate: '2027-02-27', endDate: '2027-03-03' })).toEqual(ids);
    expect(await idsOf({ startDate: '2030-01-01' })).toEqual([]);
  });

  it('pages as any list', async () => {
    const seen: number[] = [];
    for (const page of [1, 2, 3]) {
      const answer = await customers({ branchId: cancun, take: 2, page, field: 'created_at' });
      expect(answer.status).toBe(200);
      const { items, meta } = answer.body.data;
      expect(meta).toEqual({
        page,
        take: 2,
        itemCount: 5,
        pageCount: 3,
        hasPreviousPage: page > 1,
        hasNextPage: page < 3,
      });
      expect(items.length).toBe(page < 3 ? 2 : 1);
      seen.push(...items.map((item) => item.id));
    }
    // Newest first by default order DESC.
    expect(seen).toEqual([...ids].reverse());
    const past = await customers({ branchId: cancun, take: 2, page: 4 });
    expect(past.body.data).toMatchObject({ items: [], meta: { itemCount: 5, page: 4 } });
    const searched = await customers({ branchId: cancun, search: 'Cliente Lote' });
    expect(searched.body.data.meta.itemCount).toBe(5);
  });

  it('a branch-fixed role reads its own branch’s customers, whatever branchId says', async () => {
    const manager = (await signInAs(t.app, 'branchManager')).token;
    const answer = await customers({ branchId: cancun, take: 100 }, manager);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { items } = answer.body.data;
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((item) => item.registryBranch.id))).toEqual(new Set([zonaRio]));
  });

  it('needs reports.view (403) and refuses bad formats naming the field (400)', async () => {
    const medic = (await signInAs(t.app, 'medic')).token;
    expect((await customers({}, medic)).status).toBe(403);
    expectBadField(await customers({ startDate: '01/03/2027' }), 'startDate');
    expectBadField(await customers({ startDate: '2027-03-02', endDate: '2027-03-01' }), 'endDate');
    expectBadField(await customers({ branchId: 'cancún' }), 'branchId');
    expectBadField(await customers({ field: 'email' }), 'field');
    expectBadField(await customers({ take: 0 }), 'take');
  });
});
