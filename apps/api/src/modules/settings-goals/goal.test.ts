import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { goal } from '../../db/schema';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { onPostgres } from '../../test/races';
import { auditEntryOf } from '../organization/audit-entry.testing';

interface Goal {
  id: number;
  goal_id: number;
  goal: number;
  month: string;
  year: string;
  branch: { id: number; name: string };
  totalSale: number;
  remaining: number;
  dailyGoal: number;
  percentage: number;
}
type Page<T> = { items: T[]; meta: { itemCount: number } };

let t: TestApp;
let admin: string;
let manager: string;
let zonaRio: number;
let playas: number;
let mexicali: number;
let cedis: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin', 'CEDIS')).token;
  [zonaRio, playas, mexicali, cedis] = (await Promise.all(
    ['Zona Río', 'Playas de Tijuana', 'Mexicali Centro', 'CEDIS'].map((name) =>
      branchId(t.app, name),
    ),
  )) as [number, number, number, number];
  // The branch manager sets its clinic's goals by default (issue 14), and only its own.
  manager = (await signInAs(t.app, 'branchManager')).token;
});
afterAll(async () => {
  await t.close();
});

const createGoal = (body: Record<string, unknown>, token = admin) =>
  call<Goal>(t.app, 'POST', '/v1/goal/create', { token, body });
const listGoals = (query: Record<string, string>, token = admin) =>
  call<Page<Goal>>(t.app, 'GET', '/v1/goal', { token, query: { take: '100', ...query } });

describe('goals (spec 002 §3, §9; CONTRACT §11)', () => {
  it('creates a goal with its month’s progress: nothing sold yet, the goal remains', async () => {
    const answer = await createGoal({
      goal: 150_000,
      branchId: zonaRio,
      month: '09',
      year: '2031',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      goal: 150_000,
      month: '09',
      year: '2031',
      branch: { id: zonaRio, name: 'Zona Río' },
      totalSale: 0,
      remaining: 150_000,
      dailyGoal: 5_000,
      percentage: 0,
    });
    expect(answer.body.data.goal_id).toBe(answer.body.data.id);
    const entry = await auditEntryOf(t.app, admin, {
      module: 'goal',
      action: 'create',
      recordId: answer.body.data.id,
    });
    expect(entry?.changes).toMatchObject({ goal: { before: null, after: 150_000 } });
  });

  it('divides the goal by the days of the month: February of a leap year has 29', async () => {
    const leap = await createGoal({ goal: 290_000, branchId: playas, month: '02', year: '2032' });
    expect(leap.body.data.dailyGoal).toBe(10_000);
    const common = await createGoal({ goal: 290_000, branchId: playas, month: '02', year: '2031' });
    expect(common.body.data.dailyGoal).toBe(10_357.14);
  });

  it('refuses a second goal for the same branch and month: 500 code 37, nothing stored', async () => {
    const first = await createGoal({
      goal: 100_000,
      branchId: mexicali,
      month: '03',
      year: '2031',
    });
    expect(first.status).toBe(201);
    const again = await createGoal({
      goal: 120_000,
      branchId: mexicali,
      month: '03',
      year: '2031',
    });
    expect(again.status).toBe(500);
    expect(again.body.code).toBe(37);
    expect(again.body.message).toBe('Esta meta ya existe para esta sucursal');
    const rows = await t.app.db
      .select({ id: goal.id })
      .from(goal)
      .where(
        and(eq(goal.branchId, mexicali), eq(goal.period, '2031-03-01'), isNull(goal.deletedAt)),
      );
    expect(rows).toHaveLength(1);
    // Another branch may have the same month.
    expect(
      (await createGoal({ goal: 120_000, branchId: playas, month: '03', year: '2031' })).status,
    ).toBe(201);
  });

  it.each([
    [{ month: '3' }, 'month', 'El campo Mes debe tener dos dígitos, de 01 a 12'],
    [{ month: '13' }, 'month', 'El campo Mes debe tener dos dígitos, de 01 a 12'],
    [{ year: '31' }, 'year', 'El campo Año debe tener cuatro dígitos, de 2000 a 2100'],
    [{ goal: 0 }, 'goal', 'El campo Meta debe ser mayor o igual a 0.01'],
    [{ goal: '1000' }, 'goal', 'El campo Meta debe ser un número'],
    [{ branchId: undefined }, 'branchId', 'El campo Sucursal es obligatorio'],
    [{ extra: 1 }, 'extra', 'Campo no permitido'],
  ])('refuses %o with a Spanish message on %s', async (change, field, message) => {
    const answer = await createGoal({
      goal: 90_000,
      branchId: zonaRio,
      month: '04',
      year: '2031',
      ...change,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toContainEqual({ field, message });
  });

  it('gives no goal to the distribution centre, which sells nothing', async () => {
    const answer = await createGoal({ goal: 90_000, branchId: cedis, month: '04', year: '2031' });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      {
        field: 'branchId',
        message: 'El centro de distribución no vende: elige una sucursal clínica',
      },
    ]);
  });

  it('updates the amount (PUT or PATCH), audited with before and after', async () => {
    const created = (
      await createGoal({ goal: 80_000, branchId: zonaRio, month: '05', year: '2031' })
    ).body.data;
    const answer = await call<Goal>(t.app, 'PATCH', `/v1/goal/${created.id}/update`, {
      token: admin,
      body: { goal: 93_000 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ goal: 93_000, month: '05', dailyGoal: 3_000 });
    const entry = await auditEntryOf(t.app, admin, {
      module: 'goal',
      action: 'update',
      recordId: created.id,
    });
    expect(entry?.changes).toEqual({ goal: { before: 80_000, after: 93_000 } });
  });

  it('refuses moving a goal onto a month its branch already has (500 code 37)', async () => {
    const june = (await createGoal({ goal: 70_000, branchId: zonaRio, month: '06', year: '2031' }))
      .body.data;
    await createGoal({ goal: 70_000, branchId: zonaRio, month: '07', year: '2031' });
    const answer = await call<Goal>(t.app, 'PUT', `/v1/goal/${june.id}/update`, {
      token: admin,
      body: { month: '07' },
    });
    expect(answer.status).toBe(500);
    expect(answer.body.code).toBe(37);
    expect(
      (await call<Goal>(t.app, 'GET', `/v1/goal/${june.id}`, { token: admin })).body.data.month,
    ).toBe('06');
  });

  it('deletes a goal (soft), after which its month is free again', async () => {
    const created = (
      await createGoal({ goal: 60_000, branchId: playas, month: '08', year: '2031' })
    ).body.data;
    const removed = await call(t.app, 'DELETE', `/v1/goal/${created.id}/delete`, { token: admin });
    expect(removed.status).toBe(200);
    const gone = await call(t.app, 'GET', `/v1/goal/${created.id}`, { token: admin });
    expect([gone.status, gone.body.code]).toEqual([404, 31]);
    expect(
      (await createGoal({ goal: 61_000, branchId: playas, month: '08', year: '2031' })).status,
    ).toBe(201);
  });

  it('filters the list by branch, month and year, and searches by branch name', async () => {
    const byMonth = await listGoals({ month: '02', year: '2032' });
    expect(byMonth.body.data.items.map((row) => [row.branch.name, row.month, row.year])).toEqual([
      ['Playas de Tijuana', '02', '2032'],
    ]);
    const byYear = await listGoals({ year: '2031', branchId: String(zonaRio) });
    expect(
      byYear.body.data.items.every((row) => row.year === '2031' && row.branch.id === zonaRio),
    ).toBe(true);
    expect(byYear.body.data.items.length).toBeGreaterThanOrEqual(3);
    const searched = await listGoals({
      search: JSON.stringify({ field: 'branch', value: 'mexicali' }),
      year: '2031',
    });
    expect(searched.body.data.items.map((row) => row.branch.name)).toEqual(['Mexicali Centro']);
    const sorted = await listGoals({ year: '2031', field: 'period', order: 'ASC' });
    const periods = sorted.body.data.items.map((row) => `${row.year}-${row.month}`);
    expect(periods).toEqual([...periods].sort());
  });

  it('answers 403 to a role without the goal privilege', async () => {
    const medic = (await signInAs(t.app, 'medic')).token;
    expect((await listGoals({}, medic)).status).toBe(403);
    expect(
      (await createGoal({ goal: 1, branchId: zonaRio, month: '01', year: '2031' }, medic)).status,
    ).toBe(403);
  });
});

describe('a role fixed to its branch sees and sets only its own goals (CONTRACT §5)', () => {
  let playasGoal: number;
  beforeAll(async () => {
    playasGoal = (await createGoal({ goal: 55_000, branchId: playas, month: '10', year: '2031' }))
      .body.data.id;
  });

  it('lists only its branch', async () => {
    const answer = await listGoals({}, manager);
    expect(answer.status).toBe(200);
    expect(answer.body.data.items.length).toBeGreaterThan(0);
    expect(answer.body.data.items.every((row) => row.branch.id === zonaRio)).toBe(true);
    const asked = await listGoals({ branchId: String(playas) }, manager);
    expect(asked.body.data.items).toEqual([]);
  });

  it('answers 404 for another branch’s goal: read, update and delete', async () => {
    const read = await call(t.app, 'GET', `/v1/goal/${playasGoal}`, { token: manager });
    expect([read.status, read.body.code]).toEqual([404, 31]);
    const update = await call(t.app, 'PUT', `/v1/goal/${playasGoal}/update`, {
      token: manager,
      body: { goal: 1 },
    });
    expect([update.status, update.body.code]).toEqual([404, 31]);
    const remove = await call(t.app, 'DELETE', `/v1/goal/${playasGoal}/delete`, { token: manager });
    expect([remove.status, remove.body.code]).toEqual([404, 31]);
    const still = await call<Goal>(t.app, 'GET', `/v1/goal/${playasGoal}`, { token: admin });
    expect(still.body.data.goal).toBe(55_000);
  });

  it('creates for its own branch; naming another is 404 code 6, never silently replaced', async () => {
    const own = await createGoal(
      { goal: 45_000, branchId: zonaRio, month: '11', year: '2031' },
      manager,
    );
    expect(own.status).toBe(201);
    expect(own.body.data.branch.id).toBe(zonaRio);
    const other = await createGoal(
      { goal: 45_000, branchId: playas, month: '11', year: '2031' },
      manager,
    );
    expect([other.status, other.body.code]).toEqual([404, 6]);
    const moved = await call(t.app, 'PUT', `/v1/goal/${own.body.data.id}/update`, {
      token: manager,
      body: { branchId: playas },
    });
    expect([moved.status, moved.body.code]).toEqual([404, 6]);
  });
});

describe.runIf(onPostgres)('concurrent creates on PostgreSQL (one per branch and month)', () => {
  it('of 12 creates of one branch and month at once, one wins and 11 answer 500 code 37', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        createGoal({ goal: 10_000 + index, branchId: mexicali, month: '12', year: '2033' }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      201,
      ...Array<number>(11).fill(500),
    ]);
    expect(answers.filter((answer) => answer.status === 500).every((a) => a.body.code === 37)).toBe(
      true,
    );
    const rows = await t.app.db
      .select({ id: goal.id })
      .from(goal)
      .where(
        and(eq(goal.branchId, mexicali), eq(goal.period, '2033-12-01'), isNull(goal.deletedAt)),
      );
    expect(rows).toHaveLength(1);
  });
});
