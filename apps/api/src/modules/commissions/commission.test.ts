import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Conflict } from '@clinica/domain';
import { auditLog } from '../../db/schema';
import { DEMO_USERS, branchId, call, signInAs } from '../../test/harness';
import { newStaffMember, signInWith, type StaffMember } from '../../test/factories';
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
  withheld,
} from './commission-world.testing';

/**
 * The medical commissions (CONTRACT §12 "Commissions"): the lists add up to their details, who
 * sees what, and the reassignment's rules, over HTTP on a real database with appointments
 * finished through the API.
 */

let medicToken: string;
let managerToken: string;
let cosmetologistToken: string;
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
  const [worldMedic, other] = m.medics;
  const monday = [
    await finished(worldMedic!),
    await finished(worldMedic!),
    await finished(other!),
    await finished(m.awayMedic, m.away),
  ];
  m.t.clock.set(TUESDAY_8AM);
  m.admin = (await signInAs(m.t.app, 'superAdmin')).token;
  const tuesday = [
    await finished(worldMedic!, m.home, TUESDAY),
    await finished(other!, m.home, TUESDAY),
  ];
  for (const id of [...monday, ...tuesday]) byAppointment.set(id, 0);
  // The world's staff signed in on the Monday: again on the Tuesday, at the world's clinic.
  const again = (member: StaffMember) =>
    signInWith(m.t.app, member.username, member.password, m.home);
  medicToken = await again(m.w.staff.medic);
  managerToken = await again(m.w.staff.manager);
  cosmetologistToken = await again(m.w.staff.cosmetologist);
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
      expect.arrayContaining([m.medics[0], m.medics[1], m.awayMedic]),
    );
    const zona = await expectListAddsUp(m.admin, { branchId: String(m.home) });
    expect(zona.map((row) => row.userId)).not.toContain(m.awayMedic);
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
      branch: { id: m.home },
      treatment: { id: m.w.treatments.toxin.id },
      user: { id: m.medics[0] },
      commission: m.fee,
      ...withheld(m.fee, m.w.medicIsr),
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
    expect(list.map((row) => row.userId)).not.toContain(m.awayMedic);
    expect(list.map((row) => row.userId)).toEqual(expect.arrayContaining(m.medics.slice(0, 2)));
    const asked = await medicList(managerToken, { branchId: String(m.away) });
    expect(asked.body.data.items).toEqual([]);
    const detail = await medicDetail(managerToken, m.awayMedic);
    expect([detail.status, detail.body.data.items]).toEqual([200, []]);
  });

  it('a franchisee (no approve) sees only its own branch', async () => {
    const franchisee = await newStaffMember(m.t.app, m.admin, {
      role: 'franchisee',
      jobPosition: 'Franquiciatario',
      branchId: m.away,
    });
    const list = await expectListAddsUp(franchisee.token, {});
    expect(list.map((row) => row.userId)).toEqual(expect.arrayContaining([m.awayMedic]));
    expect(list.map((row) => row.userId)).not.toContain(m.medics[0]);
  });

  it('the administrator sees every branch, at a clinic and at the distribution centre', async () => {
    const { username, password } = DEMO_USERS.superAdmin;
    for (const branch of [m.home, await branchId(m.t.app, 'CEDIS')]) {
      const token = await signInWith(m.t.app, username, password, branch);
      const list = await expectListAddsUp(token, {});
      expect(list.map((row) => row.userId)).toEqual(
        expect.arrayContaining([m.medics[0], m.awayMedic]),
      );
    }
  });

  it('a role without the privilege is refused (403)', async () => {
    expect((await medicList(cosmetologistToken)).status).toBe(403);
    expect((await reassign(1, m.medics[0]!, managerToken)).status).toBe(403);
  });
});

describe('reassigning a commission', () => {
  it('moves it to another medic of its branch, recomputes the ISR and audits it', async () => {
    const [appointmentId] = [...byAppointment.keys()];
    const before = await commissionOf(appointmentId!, m.medics[0]!);
    const percent = m.w.medicIsr + 2.5;
    await setIsr(m.medics[1]!, percent);
    const [was, now] = [withheld(m.fee, m.w.medicIsr), withheld(m.fee, percent)];
    const answer = await reassign(before.id, m.medics[1]!);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: before.id,
      user: { id: m.medics[1] },
      commission: m.fee,
      isrPercent: percent,
      ...now,
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
          isrPercent: { before: m.w.medicIsr, after: percent },
          isr: { before: was.isr, after: now.isr },
          net: { before: was.subtotal, after: now.subtotal },
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
    for (const userId of [m.w.staff.cosmetologist.id, m.awayMedic, 999_999]) {
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

  // Last: it closes Monday at the world's clinic.
  it('is refused once the commission’s day is closed (409 code 45), and changes nothing', async () => {
    const rows = await allDetail(m.admin, m.medics[0]!, { startDate: MONDAY, endDate: MONDAY });
    const row = rows.find((item) => item.branch.id === m.home)!;
    expect(row, 'a Monday commission at the world’s clinic').toBeDefined();
    const closed = await call(m.t.app, 'POST', '/v1/daily-cash-closing/create', {
      token: m.admin,
      body: { branchId: m.home, date: MONDAY },
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
    expect(list.map((row) => row.userId)).not.toContain(m.awayMedic);
  });

  it('logistics at the centre: without approve its own branch (none), with approve every branch', async () => {
    const logistics = (await signInAs(m.t.app, 'logisticsManager')).token;
    await grant('logisticsManager', ['view', 'show']);
    expect((await medicList(logistics)).body.data.items).toEqual([]);
    await grant('logisticsManager', ['view', 'show', 'approve']);
    const list = await expectListAddsUp(logistics, {});
    expect(list.map((row) => row.userId)).toEqual(
      expect.arrayContaining([m.medics[0], m.awayMedic]),
    );
  });
  it('a role fixed to a branch, signed in at the distribution centre with approve: every branch', async () => {
    const cedis = await branchId(m.t.app, 'CEDIS');
    const operator = await newStaffMember(m.t.app, m.admin, {
      role: 'operationalManager',
      jobPosition: 'Gerente Operativo',
      branchId: cedis,
    });
    await grant('operationalManager', ['view', 'show', 'approve']);
    const list = await expectListAddsUp(operator.token, {});
    expect(list.map((row) => row.userId)).toEqual(
      expect.arrayContaining([m.medics[0], m.awayMedic]),
    );
    await grant('operationalManager', ['view', 'show']);
    expect((await medicList(operator.token)).body.data.items).toEqual([]);
  });
});
