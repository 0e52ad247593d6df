import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';

interface Customer {
  id: number;
  customerId: number;
  name: string;
  birthday: string;
  mobilePhone: string | null;
  phone: string | null;
  email: string | null;
  isTutor: number;
  tutorId: number | null;
  tutor: { id: number; name: string } | null;
  relationship: string | null;
  status: boolean;
  blackList: number;
  cancellations: number;
  points: number;
  loyaltyScale: string;
  registryBranch: { id: number; name: string };
}
type Page<T> = { items: T[]; meta: { itemCount: number } };

let t: TestApp;
let admin: string;
let manager: string;
let medic: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  manager = (await signInAs(t.app, 'branchManager')).token;
  medic = (await signInAs(t.app, 'medic')).token;
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
/** A unique 10-digit mobile for each customer the tests make. */
const nextMobile = () => `66480${String((serial += 1)).padStart(5, '0')}`;
const adult = (extra: Record<string, unknown> = {}) => ({
  name: 'Ana',
  lastName: 'Pérez',
  motherLastName: 'Núñez',
  gender: 'Femenino',
  birthday: '1990-05-10',
  mobilePhone: nextMobile(),
  ...extra,
});
const create = (body: Record<string, unknown>, token = admin) =>
  call<Customer>(t.app, 'POST', '/v1/customer/create', { token, body });
const update = (id: number, body: Record<string, unknown>, token = admin) =>
  call<Customer>(t.app, 'PUT', `/v1/customer/${id}/update`, { token, body });
const detail = (id: number) =>
  call<Customer>(t.app, 'GET', `/v1/customer/${id}/single`, { token: admin });
const created = async (body: Record<string, unknown>) => {
  const answer = await create(body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
};
const count = async () =>
  (await call<Page<Customer>>(t.app, 'GET', '/v1/customer', { token: admin, query: { take: '1' } }))
    .body.data.meta.itemCount;

/** A birthday `years` years before the test clock's today in Tijuana, shifted by `days`. */
function yearsAgo(years: number, days = 0): string {
  const now = new Date('2026-11-20T12:00:00Z');
  const day = new Date(
    Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days),
  );
  return day.toISOString().slice(0, 10);
}

describe('customers (spec 002 §3, §5; CONTRACT §10)', () => {
  it('stores phones as 10 digits, e-mail null when empty, numbers customers from a sequence', async () => {
    const a = await created(
      adult({ mobilePhone: '(664)555-0101', phone: '664 555 0102', email: '' }),
    );
    const b = await created(adult());
    expect(a).toMatchObject({
      mobilePhone: '6645550101',
      phone: '6645550102',
      email: null,
      status: true,
      blackList: 0,
      isTutor: 0,
      points: 0,
      cancellations: 0,
      loyaltyScale: 'bronze',
    });
    expect(b.customerId).toBeGreaterThan(a.customerId);
  });

  it('requires the mobile phone from 18 and names the fields a missing name or birthday breaks', async () => {
    const before = await count();
    const answer = await create({ name: 'Luis', lastName: 'Soto', birthday: '1990-01-01' });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([expect.objectContaining({ field: 'mobilePhone' })]);
    const empty = await create({});
    expect(empty.status).toBe(400);
    const fields = (empty.body.details as { field: string }[]).map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'lastName', 'birthday']));
    expect(await count()).toBe(before);
  });

  it('refuses a birthday in the future', async () => {
    const answer = await create(adult({ birthday: yearsAgo(0, 2) }));
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([expect.objectContaining({ field: 'birthday' })]);
  });

  it('requires a tutor and a relationship under 18; the tutor must be an adult tutor not blacklisted', async () => {
    const tutor = await created(adult({ isTutor: 1 }));
    const notTutor = await created(adult());
    const minor = { name: 'Leo', lastName: 'Pérez', birthday: yearsAgo(10) };
    const before = await count();

    const missing = await create(minor);
    expect(missing.status).toBe(400);
    expect((missing.body.details as { field: string }[]).map((d) => d.field)).toEqual([
      'tutorId',
      'relationship',
    ]);
    const wrongTutor = await create({ ...minor, tutorId: notTutor.id, relationship: 'Madre' });
    expect(wrongTutor.status).toBe(400);
    expect(wrongTutor.body.details).toEqual([expect.objectContaining({ field: 'tutorId' })]);
    const ghost = await create({ ...minor, tutorId: 999999, relationship: 'Madre' });
    expect(ghost.status).toBe(400);
    const minorTutor = await create({
      ...minor,
      isTutor: 1,
      tutorId: tutor.id,
      relationship: 'Hijo',
    });
    expect(minorTutor.body.details).toEqual([expect.objectContaining({ field: 'isTutor' })]);
    expect(await count()).toBe(before);

    const child = await created({ ...minor, tutorId: tutor.id, relationship: 'Madre' });
    expect(child).toMatchObject({ tutorId: tutor.id, relationship: 'Madre', mobilePhone: null });
    expect((await detail(child.id)).body.data.tutor).toMatchObject({ id: tutor.id, name: 'Ana' });

    // A tutor of a live minor is not blacklisted, un-flagged or deleted under them.
    const banned = await update(tutor.id, { blackList: 1 });
    expect(banned.status).toBe(400);
    expect((await detail(tutor.id)).body.data.blackList).toBe(0);
    const removed = await call(t.app, 'POST', `/v1/customer/${tutor.id}/delete`, { token: admin });
    expect(removed.status).toBe(400);
  });

  it('turns 18 on the birthday: that day the mobile is required and no tutor is needed', async () => {
    const today18 = yearsAgo(18);
    const noMobile = await create({ name: 'Eva', lastName: 'Ríos', birthday: today18 });
    expect(noMobile.body.details).toEqual([expect.objectContaining({ field: 'mobilePhone' })]);
    const grown = await created(adult({ birthday: today18, isTutor: 1 }));
    expect(grown.isTutor).toBe(1);
  });

  it('a blacklisted customer cannot be set as tutor', async () => {
    const tutor = await created(adult({ isTutor: 1 }));
    expect((await update(tutor.id, { blackList: 1 })).body.data.blackList).toBe(1);
    const answer = await create({
      name: 'Mia',
      lastName: 'Paz',
      birthday: yearsAgo(5),
      tutorId: tutor.id,
      relationship: 'Padre',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'tutorId', message: 'Un cliente en lista negra no puede ser tutor' },
    ]);
  });

  it('answers 400 code 5 for a repeated mobile on create, 409 code 24 on update, 409 code 23 for an e-mail', async () => {
    const first = await created(adult({ email: 'Ana.Repetida@Correo.mx' }));
    const before = await count();
    const dupMobile = await create(adult({ mobilePhone: first.mobilePhone }));
    expect([dupMobile.status, dupMobile.body.code]).toEqual([400, 5]);
    const dupEmail = await create(adult({ email: 'ana.repetida@correo.mx' }));
    expect([dupEmail.status, dupEmail.body.code]).toEqual([409, 23]);
    expect(await count()).toBe(before);

    const second = await created(adult());
    const onUpdate = await update(second.id, { mobilePhone: first.mobilePhone });
    expect([onUpdate.status, onUpdate.body.code]).toEqual([409, 24]);
    const emailUpdate = await update(second.id, { email: 'ana.repetida@correo.mx' });
    expect([emailUpdate.status, emailUpdate.body.code]).toEqual([409, 23]);
    expect((await detail(second.id)).body.data.mobilePhone).toBe(second.mobilePhone);

    // A deleted customer's mobile is free again.
    await call(t.app, 'POST', `/v1/customer/${first.id}/delete`, { token: admin });
    expect((await create(adult({ mobilePhone: first.mobilePhone }))).status).toBe(201);
  });

  it('takes status and blackList on update only', async () => {
    const onCreate = await create(adult({ status: 0 }));
    expect(onCreate.status).toBe(400);
    const customer = await created(adult());
    const changed = await update(customer.id, { status: 0, blackList: 1 });
    expect(changed.body.data).toMatchObject({ status: false, blackList: 1 });
  });

  it("registers a branch-fixed role's customers at its own branch", async () => {
    const zonaRio = await branchId(t.app, 'Zona Río');
    const playas = await branchId(t.app, 'Playas de Tijuana');
    const mine = await create(adult(), manager);
    expect(mine.body.data.registryBranch.id).toBe(zonaRio);
    const elsewhere = await create(adult({ registryBranchId: playas }), manager);
    expect(elsewhere.status).toBe(404);
    const chosen = await created(adult({ registryBranchId: playas }));
    expect(chosen.registryBranch.id).toBe(playas);
  });

  it('finds one customer by mobile, e-mail or customer number, and searches the list folded', async () => {
    const c = await created(
      adult({ name: 'Úrsula', lastName: 'Márquez', email: 'ursula.marquez@correo.mx' }),
    );
    for (const query of [
      {
        mobilePhone: `(${c.mobilePhone!.slice(0, 3)})${c.mobilePhone!.slice(3, 6)}-${c.mobilePhone!.slice(6)}`,
      },
      { email: 'URSULA.marquez@correo.mx' },
      { customerId: String(c.customerId) },
    ]) {
      const found = await call<Customer>(t.app, 'GET', '/v1/customer/single', {
        token: admin,
        query: query as unknown as Record<string, string>,
      });
      expect(found.body.data.id).toBe(c.id);
    }
    const none = await call(t.app, 'GET', '/v1/customer/single', {
      token: admin,
      query: { mobilePhone: '0000000000' },
    });
    expect([none.status, none.body.code]).toEqual([404, 14]);

    const search = async (value: string) =>
      (
        await call<Page<Customer>>(t.app, 'GET', '/v1/customer', {
          token: admin,
          query: { search: value },
        })
      ).body.data.items.map((item) => item.id);
    expect(await search('ursula marq')).toContain(c.id);
    expect(await search(c.mobilePhone!.slice(2, 8))).toContain(c.id);
    expect(await search('URSULA.MARQUEZ@')).toContain(c.id);
  });

  it('searches the full name accent- and case-insensitively on its stored fold, field by field', async () => {
    const c = await created(
      adult({
        name: 'Ána Sofía',
        lastName: 'López',
        motherLastName: 'Ibáñez',
        email: 'Ana.Sofia.Lopez@Correo.MX',
        phone: '6461230987',
      }),
    );
    const search = async (value: string, field?: string) => {
      const answer = await call<Page<Customer>>(t.app, 'GET', '/v1/customer', {
        token: admin,
        query: { search: field ? JSON.stringify({ field, value }) : value, take: '100' },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data.items;
    };
    const ids = async (value: string, field?: string) =>
      (await search(value, field)).map((item) => item.id);
    // The full name, folded: "Ana López" finds Ána Sofía López Ibáñez whatever the accents and case.
    expect(await ids('ana sofia lopez')).toContain(c.id);
    expect(await ids('ÁNA SOFÍA LÓPEZ IBÁÑEZ')).toContain(c.id);
    expect(await ids('sofia lopez ibanez', 'name')).toContain(c.id);
    expect(await ids('lópez ibáñez')).toContain(c.id);
    expect(await ids('ana sofia ibanez')).not.toContain(c.id);
    // E-mail folded, phones by their digits, each by its own field too.
    expect(await ids('ana.sofia.lopez@correo', 'email')).toContain(c.id);
    expect(await ids('1230987', 'phone')).toContain(c.id);
    expect(await ids('(646) 123-0987')).toContain(c.id);
    expect(await ids('646-123', 'phone')).toContain(c.id);
    expect(await ids(c.mobilePhone!.slice(3), 'mobilePhone')).toContain(c.id);
    expect(await ids('1230987', 'mobilePhone')).not.toContain(c.id);
    // A LIKE wildcard is taken literally.
    expect(await ids('ana%lopez')).not.toContain(c.id);
    // The folds are the database's own: not answered, and kept current on an edit.
    const [found] = await search('ana sofia lopez ibanez');
    expect(found).not.toHaveProperty('nameFolded');
    expect(found).not.toHaveProperty('emailFolded');
    expect((await update(c.id, { name: 'Anahí' })).status).toBe(200);
    expect(await ids('anahi lopez')).toContain(c.id);
    expect(await ids('ana sofia lopez')).not.toContain(c.id);
  });

  it('lists only adult tutors not blacklisted for the tutor picker', async () => {
    const tutor = await created(adult({ isTutor: 1, name: 'Tutora Filtro' }));
    const banned = await created(adult({ isTutor: 1, name: 'Tutora Filtro' }));
    await update(banned.id, { blackList: 1 });
    const answer = await call<Page<Customer>>(t.app, 'GET', '/v1/customer', {
      token: admin,
      query: { isTutor: '1', blackList: '0', adult: '1', search: 'Tutora Filtro', take: '60' },
    });
    const ids = answer.body.data.items.map((item) => item.id);
    expect(ids).toContain(tutor.id);
    expect(ids).not.toContain(banned.id);
  });

  it('clears cancellations with clients.unban only, and answers empty orders and appointments', async () => {
    const c = await created(adult());
    await t.app.db.execute(sql.raw(`UPDATE customer SET cancellations = 3 WHERE id = ${c.id}`));
    const refused = await call(t.app, 'PATCH', `/v1/customer/${c.id}/clear-cancellations`, {
      token: medic,
    });
    expect(refused.status).toBe(403);
    expect((await detail(c.id)).body.data.cancellations).toBe(3);
    const cleared = await call<Customer>(t.app, 'PUT', `/v1/customer/${c.id}/clear-cancellations`, {
      token: manager,
    });
    expect(cleared.body.data.cancellations).toBe(0);
    const orders = await call(t.app, 'GET', `/v1/customer/${c.id}/orders`, { token: admin });
    expect(orders.body.data).toEqual({ orders: [], cashOrders: [] });
    const missing = await call(t.app, 'GET', '/v1/customer/999999/orders', { token: admin });
    expect(missing.status).toBe(404);
  });

  it('keeps points from going below 0 in the database', async () => {
    const c = await created(adult());
    await expect(
      t.app.db.execute(sql.raw(`UPDATE customer SET points = -1 WHERE id = ${c.id}`)),
    ).rejects.toThrow();
  });

  it('deletes a customer: gone from the list and the detail', async () => {
    const c = await created(adult());
    const removed = await call(t.app, 'DELETE', `/v1/customer/${c.id}/delete`, { token: admin });
    expect(removed.status).toBe(200);
    expect((await detail(c.id)).status).toBe(404);
    const again = await call(t.app, 'POST', `/v1/customer/${c.id}/delete`, { token: admin });
    expect([again.status, again.body.code]).toEqual([404, 14]);
  });
});
