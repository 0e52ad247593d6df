import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Conflict } from '@clinica/domain';
import { auditLog, kardex, user } from '../../db/schema';
import { branchId, call, signInAs } from '../../test/harness';
import { MONDAY, TUESDAY } from '../agenda/agenda-fixtures.testing';
import {
  TUESDAY_8AM,
  allDetail,
  cents,
  finished,
  m,
  medicDetail,
  medicList,
  openMedicWorld,
  reassign,
  setIsr,
} from './commission-world.testing';

/**
 * The medical commissions (CONTRACT §12 "Commissions"): the lists add up to their details, who
 * sees what, and the reassignment's rules, over HTTP on a real database with appointments
 * finished through the API.
 */

let medicToken: string;
let managerToken: string;
/** Appointment id → the commission's id, for the ones this file finished. */
const byAppointment = new Map<number, number>();

async function commissionOf(appointmentId: number, medicId: number) {
  const rows = await allDetail(m.admin, medicId);
  const row = rows.find((item) => item.appointment.id === appointmentId);
  expect(row, `la comisión de la cita ${appointmentId}`).toBeDefined();
  return row!;
}

beforeAll(async () => {
  await openMedicWorld();
  const [demoMedic, other] = m.medics;
  const monday = [
    await finished(demoMedic!),
    await finished(demoMedic!),
    await finished(other!),
    await finished(m.playasMedic, m.playas),
  ];
  m.t.clock.set(TUESDAY_8AM);
  m.admin = (await signInAs(m.t.app, 'superAdmin')).token;
  const tuesday = [
    await finished(demoMedic!, m.zonaRio, TUESDAY),
    await finished(other!, m.zonaRio, TUESDAY),
  ];
  for (const id of [...monday, ...tuesday]) byAppointment.set(id, 0);
  medicToken = (await signInAs(m.t.app, 'medic')).token;
  managerToken = (await signInAs(m.t.app, 'branchManager')).token;
}, 240_000);
afterAll(async () => {
  await m.t?.close();
});

/** Each list row's totals equal the sums of that medic's detail rows under the same filters. */
async function expectListAddsUp(token: string, query: Record<string, string>) {
  const list = await medicList(token, query);
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  for (const row of list.body.data.items) {
    const rows = await allDetail(token, row.userId, query);
    expect(rows.length).toBe(row.count);
    expect(cents(rows.map((item) => item.commission))).toBe(row.total);
    expect(cents(rows.map((item) => item.isr))).toBe(row.isr);
    expect(cents(rows.map((item) => item.subtotal))).toBe(row.subtotal);
    expect(cents([row.total, -row.isr])).toBe(row.subtotal);
  }
  return list.body.data.items;
}

describe('the list adds up to its details', () => {
  it('under every filter: none, a branch, a day, a range', async () => {
    const all = await expectListAddsUp(m.admin, {});
    expect(all.map((row) => row.userId)).toEqual(
      expect.arrayContaining([m.medics[0], m.medics[1], m.playasMedic]),
    );
    const zona = await expectListAddsUp(m.admin, { branchId: String(m.zonaRio) });
    expect(zona.map((row) => row.userId)).not.toContain(m.playasMedic);
    const monday = await expectListAddsUp(m.admin, { startDate: MONDAY, endDate: MONDAY });
    const tuesday = await expectListAddsUp(m.admin, { startDate: TUESDAY, endDate: TUESDAY });
    const both = await expectListAddsUp(m.admin, { startDate: MONDAY, endDate: TUESDAY });
    const countOf = (rows: typeof all, id: number) =>
      rows.find((row) => row.userId === id)?.count ?? 0;
    expect(countOf(monday, m.medics[0]!)).toBe(2);
    expect(countOf(tuesday, m.medics[0]!)).toBe(1);
    expect(countOf(both, m.medics[0]!)).toBe(3);
    await expectListAddsUp(m.admin, { startDate: TUESDAY });
    await expectListAddsUp(m.admin, { endDate: MONDAY });
  });

  it('the detail is 5 rows a page by default, newest first, searched by customer', async () => {
    const answer = await medicDetail(m.admin, m.medics[0]!, { startDate: MONDAY });
    expect(answer.status).toBe(200);
    const [first] = answer.body.data.items;
    expect(answer.body.data.meta).toMatchObject({ take: 5 });
    expect(first).toMatchObject({
      date: TUESDAY,
      branch: { id: m.zonaRio },
      treatment: { id: m.f.toxin },
      user: { id: m.medics[0] },
      commission: 900,
      isr: 90,
      subtotal: 810,
    });
    const named = await medicDetail(m.admin, m.medics[0]!, {
      search: `${first!.customer.name} ${first!.customer.lastName}`,
    });
    expect(named.body.data.items.map((row) => row.id)).toEqual([first!.id]);
    expect(first!.appointment.folio).toBe(
      `CITA-${String(first!.appointment.appointmentNumber).padStart(6, '0')}`,
    );
  });

  it('searches by name and by employee number; sorts by the declared fields only', async () => {
    const { body } = await medicList(m.admin, {});
    const row = body.data.items.find((item) => item.userId === m.medics[0])!;
    const byName = await medicList(m.admin, { search: `${row.name} ${row.lastName}` });
    expect(byName.body.data.items.map((item) => item.userId)).toContain(m.medics[0]);
    const byNumber = await medicList(m.admin, {
      search: JSON.stringify({ field: 'employeeNumber', value: row.employeeNumber }),
    });
    expect(byNumber.body.data.items.map((item) => item.userId)).toEqual([m.medics[0]]);
    const sorted = await medicList(m.admin, { field: 'employeeNumber', order: 'ASC' });
    const numbers = sorted.body.data.items.map((item) => item.employeeNumber ?? '');
    expect(numbers).toEqual([...numbers].sort());
    const refused = await medicList(m.admin, { field: 'fee' });
    expect(refused.status).toBe(400);
  });
});

describe('who sees what', () => {
  it('a medic sees only her own rows; another medic’s detail is 404 code 4', async () => {
    const list = await medicList(medicToken);
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((row) => row.userId)).toEqual([m.medics[0]]);
    const own = await medicDetail(medicToken, m.medics[0]!);
    expect(own.status).toBe(200);
    const other = await medicDetail(medicToken, m.medics[1]!);
    expect([other.status, other.body.code]).toEqual([404, 4]);
  });

  it('a branch manager (no approve) sees only the session’s branch, whatever branchId says', async () => {
    const list = await expectListAddsUp(managerToken, {});
    expect(list.map((row) => row.userId)).not.toContain(m.playasMedic);
    expect(list.map((row) => row.userId)).toEqual(expect.arrayContaining(m.medics.slice(0, 2)));
    const asked = await medicList(managerToken, { branchId: String(m.playas) });
    expect(asked.body.data.items).toEqual([]);
    const detail = await medicDetail(managerToken, m.playasMedic);
    expect([detail.status, detail.body.data.items]).toEqual([200, []]);
  });

  it('a franchisee (no approve) sees only its own branch', async () => {
    const franchisee = (await signInAs(m.t.app, 'franchisee')).token;
    const list = await expectListAddsUp(franchisee, {});
    expect(list.map((row) => row.userId)).toEqual(expect.arrayContaining([m.playasMedic]));
    expect(list.map((row) => row.userId)).not.toContain(m.medics[0]);
  });

  it('the administrator sees every branch, at a clinic and at the distribution centre', async () => {
    for (const branch of ['Zona Río', 'CEDIS']) {
      const token = (await signInAs(m.t.app, 'superAdmin', branch)).token;
      const list = await expectListAddsUp(token, {});
      expect(list.map((row) => row.userId)).toEqual(
        expect.arrayContaining([m.medics[0], m.playasMedic]),
      );
    }
  });

  it('a role without the privilege is refused (403)', async () => {
    const cosmetologist = (await signInAs(m.t.app, 'cosmetologist')).token;
    expect((await medicList(cosmetologist)).status).toBe(403);
    expect((await reassign(1, m.medics[0]!, managerToken)).status).toBe(403);
  });
});

describe('reassigning a commission', () => {
  it('moves it to another medic of its branch, recomputes the ISR and audits it', async () => {
    const [appointmentId] = [...byAppointment.keys()];
    const before = await commissionOf(appointmentId!, m.medics[0]!);
    await setIsr(m.medics[1]!, 12.5);
    const answer = await reassign(before.id, m.medics[1]!);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: before.id,
      user: { id: m.medics[1] },
      commission: 900,
      isrPercent: 12.5,
      isr: 112.5,
      subtotal: 787.5,
    });
    const entries = await m.t.app.db
      .select({ changes: auditLog.changes, action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.module, 'medic_comission'), eq(auditLog.recordId, before.id)));
    expect(entries).toEqual([
      {
        action: 'update',
        changes: {
          userId: { before: m.medics[0], after: m.medics[1] },
          isrPercent: { before: 10, after: 12.5 },
          isr: { before: 90, after: 112.5 },
          net: { before: 810, after: 787.5 },
        },
      },
    ]);
    // The same medic again changes nothing and writes no entry.
    const again = await reassign(before.id, m.medics[1]!);
    expect(again.status).toBe(200);
    const after = await m.t.app.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.module, 'medic_comission'), eq(auditLog.recordId, before.id)));
    expect(after).toHaveLength(1);
    await expectListAddsUp(m.admin, {});
  });

  it('only to an active medic of the commission’s branch (404 code 5)', async () => {
    const row = (await allDetail(m.admin, m.medics[0]!))[0]!;
    for (const userId of [m.f.cosmetologistId, m.playasMedic, 999_999]) {
      const refused = await reassign(row.id, userId);
      expect([refused.status, refused.body.code]).toEqual([404, 5]);
    }
    const unchanged = await commissionOf(row.appointment.id, m.medics[0]!);
    expect(unchanged.user.id).toBe(m.medics[0]);
  });

  it('a commission that does not exist is 404 code 12', async () => {
    const refused = await reassign(999_999, m.medics[0]!);
    expect([refused.status, refused.body.code]).toEqual([404, 12]);
  });

  // Last: it closes Monday at Zona Río.
  it('is refused once the commission’s day is closed (409 code 45), and changes nothing', async () => {
    const rows = await allDetail(m.admin, m.medics[0]!, { startDate: MONDAY, endDate: MONDAY });
    const row = rows.find((item) => item.branch.id === m.zonaRio)!;
    expect(row, 'a Monday commission at Zona Río').toBeDefined();
    const closed = await call(m.t.app, 'POST', '/v1/daily-cash-closing/create', {
      token: m.admin,
      body: { branchId: m.zonaRio, date: MONDAY },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);
    const refused = await reassign(row.id, m.medics[1]!);
    expect([refused.status, refused.body.code]).toEqual([409, Conflict.dayClosed]);
    const unchanged = await commissionOf(row.appointment.id, m.medics[0]!);
    expect(unchanged).toMatchObject({ user: { id: m.medics[0] }, isr: row.isr });
  });
});

describe('approve opens every branch, only to a role not fixed to a branch or at the centre', () => {
  async function grant(key: string, actions: string[]) {
    const roles = await call<{ id: number; key: string; privileges: Record<string, string[]> }[]>(
      m.t.app,
      'GET',
      '/v1/role',
      { token: m.admin },
    );
    const role = roles.body.data.find((item) => item.key === key)!;
    const answer = await call(m.t.app, 'PUT', `/v1/role/${role.id}/update`, {
      token: m.admin,
      body: { privileges: { ...role.privileges, medic_comission: actions } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  it('a branch manager with approve still sees only the clinic of the session', async () => {
    await grant('branchManager', ['view', 'show', 'approve']);
    const list = await expectListAddsUp(managerToken, {});
    expect(list.map((row) => row.userId)).not.toContain(m.playasMedic);
  });

  it('logistics at the centre: without approve its own branch (none), with approve every branch', async () => {
    const logistics = (await signInAs(m.t.app, 'logisticsManager')).token;
    await grant('logisticsManager', ['view', 'show']);
    expect((await medicList(logistics)).body.data.items).toEqual([]);
    await grant('logisticsManager', ['view', 'show', 'approve']);
    const list = await expectListAddsUp(logistics, {});
    expect(list.map((row) => row.userId)).toEqual(
      expect.arrayContaining([m.medics[0], m.playasMedic]),
    );
  });
  it('a role fixed to a branch, signed in at the distribution centre with approve: every branch', async () => {
    const cedis = await branchId(m.t.app, 'CEDIS');
    const [operator] = await m.t.app.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.username, 'operativo@clinica.mx'));
    await m.t.app.db.update(kardex).set({ branchId: cedis }).where(eq(kardex.userId, operator!.id));
    await grant('operationalManager', ['view', 'show', 'approve']);
    const token = (await signInAs(m.t.app, 'operationalManager', 'CEDIS')).token;
    const list = await expectListAddsUp(token, {});
    expect(list.map((row) => row.userId)).toEqual(
      expect.arrayContaining([m.medics[0], m.playasMedic]),
    );
    await grant('operationalManager', ['view', 'show']);
    expect((await medicList(token)).body.data.items).toEqual([]);
  });
});
