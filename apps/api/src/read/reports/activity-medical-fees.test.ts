import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  individualMedicalFeesReport,
  type GeneralMedicalFeesItem,
  type IndividualMedicalFeesItem,
} from '@clinica/domain';
import { signInAs } from '../../test/harness';
import { signInWith } from '../../test/factories';
import { MONDAY, TUESDAY } from '../../modules/agenda/agenda-fixtures.testing';
import {
  TUESDAY_8AM,
  allDetail,
  finished,
  m,
  medicList,
  openMedicWorld,
  SECOND_ISR,
} from '../../modules/commissions/commission-world.testing';
import {
  cents,
  expectBadField,
  expectTotalsAddUp,
  read,
  report,
  type Query,
} from './activity-report.testing';

/**
 * The medical fees reports (CONTRACT §14): appointments finished through the API write their
 * commissions (§12); the general report is the sum of the individual one under the same filters,
 * and both are what the commission screens (`/commission`, `/commission/{id}/user`) show.
 */

let managerToken: string;

beforeAll(async () => {
  await openMedicWorld();
  const [worldMedic, other] = m.medics;
  await finished(worldMedic!);
  await finished(other!);
  await finished(other!);
  await finished(m.awayMedic, m.away);
  m.t.clock.set(TUESDAY_8AM);
  m.admin = (await signInAs(m.t.app, 'superAdmin')).token;
  await finished(worldMedic!, m.home, TUESDAY);
  const { username, password } = m.w.staff.manager;
  managerToken = await signInWith(m.t.app, username, password, m.home);
}, 240_000);
afterAll(async () => {
  await m.t?.close();
});

const general = (token: string, query: Query = {}) =>
  read<GeneralMedicalFeesItem>(m.t.app, token, 'general-medical-fees', query);
const individual = (token: string, query: Query = {}) =>
  read<IndividualMedicalFeesItem>(m.t.app, token, 'individual-medical-fees', query);

const MONEY = ['commission', 'isr', 'subtotal'] as const;
/** The world's month: 30 days, within what the individual report reads without a person. */
const JUNE = { startDate: '2027-06-01', endDate: '2027-06-30' };

/** General = Σ individual per branch and medic, and each total = Σ its rows. */
async function expectGeneralIsSumOfIndividual(token: string, query: Query) {
  const sums = await general(token, query);
  const rows = await individual(token, query);
  // The database writes the individual answer's JSON (serveJson): exactly the route's schema.
  expect(individualMedicalFeesReport.parse(rows)).toEqual(rows);
  expectTotalsAddUp(sums, MONEY);
  expectTotalsAddUp(rows, MONEY);
  expect(sums.totals).toEqual(rows.totals);
  for (const item of sums.items) {
    const mine = rows.items.filter(
      (row) => row.branch.id === item.branch.id && row.user.id === item.user.id,
    );
    expect(mine.length).toBeGreaterThan(0);
    for (const field of MONEY) expect(item[field]).toBe(cents(mine.map((row) => row[field])));
  }
  const pairs = new Set(rows.items.map((row) => `${row.branch.id}/${row.user.id}`));
  expect(pairs.size).toBe(sums.items.length);
  return { sums, rows };
}

describe('general medical fees = Σ individual medical fees', () => {
  it('under every filter: a month, a day, a range, a branch', async () => {
    await expectGeneralIsSumOfIndividual(m.admin, JUNE);
    await expectGeneralIsSumOfIndividual(m.admin, { startDate: MONDAY, endDate: MONDAY });
    await expectGeneralIsSumOfIndividual(m.admin, { startDate: MONDAY, endDate: TUESDAY });
    await expectGeneralIsSumOfIndividual(m.admin, { branchId: m.away });
    const none = await expectGeneralIsSumOfIndividual(m.admin, {
      startDate: '1999-12-15',
      endDate: '2000-01-01',
    });
    expect(none.sums).toEqual({ items: [], totals: { commission: 0, isr: 0, subtotal: 0 } });
  });

  it('a day’s rows are the appointments finished that day, with their fields', async () => {
    const { rows } = await expectGeneralIsSumOfIndividual(m.admin, {
      startDate: TUESDAY,
      endDate: TUESDAY,
    });
    const tuesday = rows.items.filter((row) => row.date === TUESDAY);
    expect(tuesday.length).toBeGreaterThanOrEqual(1);
    const row = tuesday.at(-1)!;
    expect(row).toMatchObject({
      branch: { id: m.home },
      user: { id: m.medics[0] },
      treatment: { id: m.w.treatments.toxin.id },
    });
    expect(row.appointmentNumber).toEqual(expect.any(Number));
    expect(row.time).toMatch(/^\d{2}:\d{2}$/);
    expect(row.patient.name).toMatch(/^Paciente Agenda \d+$/);
    expect(cents([row.commission, -row.isr])).toBe(row.subtotal);
  });

  it('`date` is one day, as startDate = endDate; userId keeps one medic', async () => {
    const byDate = await individual(m.admin, { date: MONDAY });
    expect(byDate).toEqual(await individual(m.admin, { startDate: MONDAY, endDate: MONDAY }));
    const other = m.medics[1]!;
    const his = await individual(m.admin, { date: MONDAY, userId: other });
    expect(his.items.length).toBeGreaterThanOrEqual(2);
    expect(new Set(his.items.map((row) => row.user.id))).toEqual(new Set([other]));
    const sums = await general(m.admin, { startDate: MONDAY, endDate: MONDAY });
    const line = sums.items.find((item) => item.user.id === other && item.branch.id === m.home);
    expect(his.totals).toEqual({
      commission: line!.commission,
      isr: line!.isr,
      subtotal: line!.subtotal,
    });
    // The medic's ISR (his employee file's percent) is withheld on his rows.
    for (const row of his.items) expect(row.isr).toBe(cents([(row.commission * SECOND_ISR) / 100]));
  });
});

describe('the fees are what the commission screens show', () => {
  it('per medic, the report’s sums equal GET /commission and its detail', async () => {
    for (const query of [{}, { startDate: MONDAY, endDate: TUESDAY }, { branchId: m.home }]) {
      const text = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
      const list = (await medicList(m.admin, text)).body.data.items;
      const sums = await general(m.admin, query);
      for (const medic of list) {
        const lines = sums.items.filter((item) => item.user.id === medic.userId);
        expect(cents(lines.map((line) => line.commission))).toBe(medic.total);
        expect(cents(lines.map((line) => line.isr))).toBe(medic.isr);
        expect(cents(lines.map((line) => line.subtotal))).toBe(medic.subtotal);
        expect(lines[0]!.employeeNumber).toBe(medic.employeeNumber);
      }
      expect(new Set(sums.items.map((item) => item.user.id))).toEqual(
        new Set(list.map((medic) => medic.userId)),
      );
      const detail = await allDetail(m.admin, m.medics[1]!, text);
      const rows = await individual(m.admin, { ...query, userId: m.medics[1]! });
      expect(
        rows.items.map((row) => [row.appointmentNumber, row.commission, row.isr]).sort(),
      ).toEqual(
        detail.map((row) => [row.appointment.appointmentNumber, row.commission, row.isr]).sort(),
      );
    }
  });
});

describe('who reads them', () => {
  it('a branch-fixed role gets its own branch, whatever branchId says', async () => {
    const own = await expectGeneralIsSumOfIndividual(managerToken, { branchId: m.away });
    expect(own.sums.items.length).toBeGreaterThan(0);
    expect(new Set(own.sums.items.map((item) => item.branch.id))).toEqual(new Set([m.home]));
    expect(own.sums).toEqual(await general(m.admin, { branchId: m.home }));
    const rows = await individual(managerToken, { userId: m.awayMedic });
    expect(rows.items).toEqual([]);
  });

  it('a medic has no reports privilege: 403', async () => {
    const { username, password } = m.w.staff.medic;
    const medic = await signInWith(m.t.app, username, password, m.home);
    for (const path of ['general-medical-fees', 'individual-medical-fees'])
      expect((await report(m.t.app, medic, path)).status).toBe(403);
  });

  it('over a month (or open) without userId or a branch: 400 naming userId', async () => {
    const ask = (query: Query, token = m.admin) =>
      report(m.t.app, token, 'individual-medical-fees', query);
    expectBadField(await ask({}), 'userId');
    expectBadField(await ask({ startDate: '2027-06-01' }), 'userId');
    expectBadField(await ask({ startDate: '2027-06-01', endDate: '2027-07-02' }), 'userId');
    for (const query of [
      { startDate: '2027-06-01', endDate: '2027-07-01' },
      { date: MONDAY },
      { userId: m.medics[0]! },
      { branchId: m.away },
    ])
      expect((await ask(query)).status, JSON.stringify(query)).toBe(200);
    // A branch-fixed role reads its own branch: any period.
    expect((await ask({}, managerToken)).status).toBe(200);
  });

  it('bad formats are a 400 naming the field', async () => {
    const bad = (query: Query) => report(m.t.app, m.admin, 'individual-medical-fees', query);
    expectBadField(await bad({ date: '2027-02-30' }), 'date');
    expectBadField(await bad({ startDate: '07/06/2027' }), 'startDate');
    expectBadField(await bad({ startDate: TUESDAY, endDate: MONDAY }), 'endDate');
    expectBadField(await bad({ date: MONDAY, startDate: MONDAY }), 'date');
    expectBadField(await bad({ userId: 'ana' }), 'userId');
    const wrongBranch = await report(m.t.app, m.admin, 'general-medical-fees', { branchId: '-1' });
    expectBadField(wrongBranch, 'branchId');
  });
});
