import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  occupationOf,
  type AppointmentsReportItem,
  type OccupationReportItem,
  type ScheduledAppointmentsReportItem,
} from '@clinica/domain';
import { queryRows } from '../../db/client';
import { order, purchasedProduct } from '../../db/schema';
import { branchId, call, claimsOf } from '../../test/harness';
import { MONDAY, book, newCustomer, purchased } from '../../modules/agenda/agenda-fixtures.testing';
import {
  finished,
  m,
  openMedicWorld,
  toxinBooking,
} from '../../modules/commissions/commission-world.testing';
import {
  expectBadField,
  expectTotalsAddUp,
  read,
  report,
  type Query,
} from './activity-report.testing';

/**
 * The agenda's reports (CONTRACT §14): appointments by channel, occupation and scheduled
 * appointments by who booked, over appointments booked, confirmed, cancelled, set in process,
 * missed and finished through the API on a day of their own (read as differences, so rows another
 * test or the demo adds never change the answer).
 */

const DAY = { startDate: MONDAY, endDate: MONDAY };
type Counts = Record<string, number>;
const before: Record<string, Record<string, Counts>> = {};
let managerToken: string;
let adminId: number;
let managerId: number;
/** The half hours taken so far at each branch. */
const slots: Record<number, number> = {};

/** A toxin appointment at `branch` on the Monday, at the next free half hour from 15:00 (after `finished`'s hours). */
async function booked(
  method: string,
  options: { branch?: number; origin?: 'SUCURSAL' | 'APP' | 'LINEA'; token?: string } = {},
) {
  const branch = options.branch ?? m.home;
  const customerId = await newCustomer(m.t.app, m.admin);
  slots[branch] = (slots[branch] ?? 0) + 1;
  const minutes = 15 * 60 + (slots[branch] - 1) * 30;
  const startTime = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  let held: number | undefined;
  if (options.origin) {
    held = await purchased(m.t.app, branch, customerId, m.w.treatments.toxin.id);
    const [row] = await m.t.app.db
      .select({ orderId: purchasedProduct.orderId })
      .from(purchasedProduct)
      .where(eq(purchasedProduct.id, held));
    await m.t.app.db
      .update(order)
      .set({ origin: options.origin })
      .where(eq(order.id, row!.orderId));
  }
  const answer = await book(
    m.t.app,
    options.token ?? m.admin,
    toxinBooking(customerId, branch, {
      startTime,
      appointmentMethod: method,
      ...(held ? { appointmentOption: 'purchasedProducts', purchasedProductId: held } : {}),
    }),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id;
}

async function step(
  id: number,
  path: string,
  body: Record<string, unknown> = {},
  method = 'PATCH',
) {
  const answer = await call(m.t.app, method as 'PATCH', `/v1/appointment/${id}/${path}`, {
    token: m.admin,
    body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
const confirm = (id: number, confirmMethod: string) => step(id, 'confirm', { confirmMethod });

/** A report's rows as counts keyed by branch (and user), without the names. */
async function countsOf(path: string, token = m.admin, query: Query = DAY) {
  const data = await read<Record<string, unknown>>(m.t.app, token, path, query);
  const counts: Record<string, Counts> = {};
  for (const item of data.items) {
    const {
      branch,
      user,
      color: _color,
      percentage: _percentage,
      ...rest
    } = item as {
      branch: { id: number };
      user?: { id: number } | null;
      color?: string;
      percentage?: number;
    };
    counts[user === undefined ? `${branch.id}` : `${branch.id}/${user?.id ?? 'null'}`] =
      rest as Counts;
  }
  return counts;
}

const delta = (after: Counts | undefined, base: Counts | undefined) =>
  Object.fromEntries(
    Object.entries(after ?? {}).map(([key, value]) => [key, value - (base?.[key] ?? 0)]),
  );

beforeAll(async () => {
  await openMedicWorld();
  managerToken = m.w.staff.manager.token;
  adminId = Number(claimsOf(m.admin).userId);
  managerId = m.w.staff.manager.id;
  for (const path of ['appointments', 'occupation', 'scheduled-appointments'])
    Object.assign(before, { [path]: await countsOf(path) });

  const inPerson = await booked('Cita presencial');
  const call_ = await booked('Llamada telefónica');
  const social = await booked('Redes sociales');
  const dropped = await booked('Redes sociales');
  await booked('Llamada telefónica', { origin: 'APP' });
  await booked('Cita presencial', { origin: 'LINEA' });
  await booked('Redes sociales', { origin: 'SUCURSAL' });
  await booked('Llamada telefónica', { token: managerToken });
  await finished(m.medics[0]!);
  const away = await booked('Llamada telefónica', { branch: m.away });

  await confirm(inPerson, 'si');
  await confirm(call_, 'no');
  await confirm(social, 'whatsapp');
  await confirm(dropped, 'buzón');
  await confirm(away, 'si');
  await step(
    dropped,
    'cancel',
    { cancellationReason: 'Work', customerCancellation: false, type: 'Cancellation' },
    'POST',
  );
  await step(inPerson, 'set-on-process');
  await step(call_, 'finish', { status: 'absence' });
}, 240_000);
afterAll(async () => {
  await m.t?.close();
});

describe('appointments by channel', () => {
  it('counts the day’s appointments not cancelled; app and ecommerce by the order’s channel', async () => {
    const after = await countsOf('appointments');
    expect(delta(after[m.home], before.appointments![m.home])).toEqual({
      inPerson: 2,
      call: 2,
      socialMedia: 2,
      app: 1,
      ecommerce: 1,
      fullOperation: 6,
      total: 8,
    });
    expect(delta(after[m.away], before.appointments![m.away])).toMatchObject({
      call: 1,
      total: 1,
    });
  });

  it('one row per live clinic without branchId, totals the sums of the rows', async () => {
    const data = await read<AppointmentsReportItem>(m.t.app, m.admin, 'appointments', DAY);
    expectTotalsAddUp(data, [
      'inPerson',
      'call',
      'socialMedia',
      'app',
      'ecommerce',
      'fullOperation',
      'total',
    ]);
    const ids = data.items.map((item) => item.branch.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining([m.home, m.away]));
    expect(ids).not.toContain(await branchId(m.t.app, 'CEDIS'));
    for (const item of data.items) {
      expect(item.fullOperation).toBe(item.inPerson + item.call + item.socialMedia);
      expect(item.total).toBe(item.fullOperation + item.app + item.ecommerce);
    }
    const quiet = await read<AppointmentsReportItem>(m.t.app, m.admin, 'appointments', {
      branchId: m.away,
      endDate: '2000-01-01',
    });
    expect(quiet.items).toEqual([
      expect.objectContaining({ branch: { id: m.away, name: m.awayName }, total: 0 }),
    ]);
  });
});

describe('occupation', () => {
  it('counts the answers (cancelled ones too); the rate and band of the row and of the totals', async () => {
    const after = await countsOf('occupation');
    expect(delta(after[m.home], before.occupation![m.home])).toEqual({
      yes: 1,
      no: 1,
      voicemail: 1,
      whatsapp: 1,
      confirmed: 2,
    });
    const data = await read<OccupationReportItem>(m.t.app, m.admin, 'occupation', DAY);
    expectTotalsAddUp(data, ['yes', 'no', 'voicemail', 'whatsapp', 'confirmed']);
    for (const item of [...data.items, data.totals as unknown as OccupationReportItem])
      expect(item).toMatchObject(occupationOf(item));
    // The clinic is the file's own: its day is these answers alone.
    const home = data.items.find((item) => item.branch.id === m.home)!;
    expect(home).toMatchObject({ percentage: 50, color: 'yellow' });
  });
});

describe('scheduled appointments by who booked', () => {
  it('per branch and user, by current status', async () => {
    const after = await countsOf('scheduled-appointments');
    const key = (branch: number, user: number) => `${branch}/${user}`;
    expect(
      delta(after[key(m.home, adminId)], before['scheduled-appointments']![key(m.home, adminId)]),
    ).toEqual({ scheduled: 4, inProcess: 1, finished: 1, absence: 1, cancelled: 1, total: 8 });
    expect(
      delta(
        after[key(m.home, managerId)],
        before['scheduled-appointments']![key(m.home, managerId)],
      ),
    ).toEqual({ scheduled: 1, inProcess: 0, finished: 0, absence: 0, cancelled: 0, total: 1 });
    const data = await read<ScheduledAppointmentsReportItem>(
      m.t.app,
      m.admin,
      'scheduled-appointments',
      DAY,
    );
    expectTotalsAddUp(data, [
      'scheduled',
      'inProcess',
      'finished',
      'absence',
      'cancelled',
      'total',
    ]);
    const admin = data.items.find((item) => item.user?.id === adminId)!;
    expect(admin.user!.name).toMatch(/\S+ \S+/);
  });
});

describe('who reads them', () => {
  it('a branch-fixed role gets its own branch, whatever branchId says', async () => {
    for (const path of ['appointments', 'occupation', 'scheduled-appointments']) {
      const data = await read<{ branch: { id: number } }>(m.t.app, managerToken, path, {
        ...DAY,
        branchId: m.away,
      });
      expect(data.items.length).toBeGreaterThan(0);
      expect(new Set(data.items.map((item) => item.branch.id))).toEqual(new Set([m.home]));
      const admin = await read(m.t.app, m.admin, path, { ...DAY, branchId: m.home });
      expect(data).toEqual(admin);
    }
  });

  it('a role without reports.view is refused (403)', async () => {
    const medic = m.w.staff.medic.token;
    for (const path of ['appointments', 'occupation', 'scheduled-appointments'])
      expect((await report(m.t.app, medic, path, DAY)).status).toBe(403);
  });

  it('bad formats are a 400 naming the field', async () => {
    for (const path of ['appointments', 'occupation', 'scheduled-appointments']) {
      expectBadField(await report(m.t.app, m.admin, path, { startDate: '2027-6-7' }), 'startDate');
      expectBadField(await report(m.t.app, m.admin, path, { endDate: '2027-06-31' }), 'endDate');
      expectBadField(await report(m.t.app, m.admin, path, { branchId: 'uno' }), 'branchId');
      expectBadField(
        await report(m.t.app, m.admin, path, { startDate: '2027-06-08', endDate: MONDAY }),
        'endDate',
      );
    }
  });
});

describe('the counts are the table’s', () => {
  it('Σ total of the scheduled report = the day’s appointments of the chain', async () => {
    const data = await read<ScheduledAppointmentsReportItem>(
      m.t.app,
      m.admin,
      'scheduled-appointments',
      DAY,
    );
    const [row] = await queryRows<{ n: number }>(
      m.t.app.db,
      sql`SELECT count(*)::int AS n FROM appointment WHERE date = ${MONDAY}`,
    );
    expect(data.totals.total).toBe(Number(row!.n));
  });
});
