import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRIVILEGES, RESOURCE_KEYS } from '@clinica/domain';
import {
  call,
  claimsOf,
  createTestApp,
  signInAs,
  type DemoRole,
  type TestApp,
} from '../../test/harness';
import { auditTrail, onPostgres } from '../../test/races';

let t: TestApp;
const tokens = {} as Record<DemoRole, string>;
/** A staff member of Zona Río (the medic), the target of the /user/{id} rows. */
let medicId = 0;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of Object.keys(DEFAULT_PRIVILEGES) as DemoRole[])
    tokens[role] = (await signInAs(t.app, role)).token;
  medicId = Number(claimsOf(tokens.medic).userId);
});
afterAll(async () => {
  await t.close();
});

type Route = { method: 'GET' | 'PUT' | 'POST' | 'DELETE'; url: string; body?: unknown };
const routes: Record<string, Route> = {
  log: { method: 'GET', url: '/v1/log' },
  attendance: { method: 'GET', url: '/v1/user/checkin' },
  roles: { method: 'GET', url: '/v1/role' },
  modules: { method: 'GET', url: '/v1/module' },
  departments: { method: 'GET', url: '/v1/department' },
  jobPositions: { method: 'GET', url: '/v1/job-position' },
  colors: { method: 'GET', url: '/v1/color' },
  treatmentTypes: { method: 'GET', url: '/v1/treatment-type' },
  productTypes: { method: 'GET', url: '/v1/product-type' },
  branches: { method: 'GET', url: '/v1/branch' },
  createBranch: { method: 'POST', url: '/v1/branch/create', body: {} },
  cabins: { method: 'GET', url: '/v1/cabain' },
  createCabinType: { method: 'POST', url: '/v1/cabain-type/create', body: {} },
  categories: { method: 'GET', url: '/v1/category' },
  // Bodies that fail validation: a 400 means the caller got past the guard, and nothing changes.
  updateRole: { method: 'PUT', url: '/v1/role/6/update', body: {} },
  checkIn: { method: 'POST', url: '/v1/user/checkin', body: {} },
  staff: { method: 'GET', url: '/v1/user' },
  staffMember: { method: 'GET', url: '/v1/user/{medicId}' },
  createStaff: { method: 'POST', url: '/v1/user/create', body: {} },
  updateStaff: { method: 'PUT', url: '/v1/user/{medicId}/update', body: { name: 1 } },
  deleteStaff: { method: 'DELETE', url: '/v1/user/999999/delete' },
  doctors: { method: 'GET', url: '/v1/user/doctors/' },
  cosmetologists: { method: 'GET', url: '/v1/user/cosmetologists/' },
};

/** Every role but anonymous, for the rows that are the same for all of them. */
const everyRole = Object.keys(DEFAULT_PRIVILEGES) as DemoRole[];

/** Role × route × expected status (CONTRACT §5: the API enforces every privilege itself). */
const table: [DemoRole | 'anonymous', keyof typeof routes, number][] = [
  ['anonymous', 'log', 401],
  ['anonymous', 'roles', 401],
  ['anonymous', 'departments', 401],
  ['superAdmin', 'log', 200],
  ['superAdmin', 'attendance', 200],
  ['logisticsManager', 'log', 200],
  ['logisticsManager', 'attendance', 403],
  ['branchManager', 'log', 200],
  ['branchManager', 'attendance', 200],
  ['operationalManager', 'log', 200],
  ['operationalManager', 'attendance', 200],
  ['franchisee', 'log', 200],
  ['franchisee', 'attendance', 200],
  ['medic', 'log', 403],
  ['medic', 'attendance', 403],
  ['cosmetologist', 'log', 403],
  ['cosmetologist', 'attendance', 403],
  // The privilege is checked before the body: a 400 means the caller was allowed in.
  ['superAdmin', 'createBranch', 400],
  ['logisticsManager', 'createBranch', 403],
  ['branchManager', 'createBranch', 403],
  ['superAdmin', 'branches', 200],
  ['franchisee', 'branches', 200],
  ['medic', 'branches', 403],
  ['branchManager', 'cabins', 200],
  ['franchisee', 'cabins', 200],
  ['medic', 'cabins', 403],
  ['logisticsManager', 'cabins', 403],
  ['superAdmin', 'createCabinType', 400],
  ['branchManager', 'createCabinType', 403],
  ['logisticsManager', 'categories', 200],
  ['branchManager', 'categories', 200],
  ['cosmetologist', 'categories', 403],
  ...(['superAdmin', 'medic', 'cosmetologist', 'franchisee'] as const).flatMap((role) =>
    (
      [
        'roles',
        'modules',
        'departments',
        'jobPositions',
        'colors',
        'treatmentTypes',
        'productTypes',
      ] as const
    ).map((route): [DemoRole, keyof typeof routes, number] => [role, route, 200]),
  ),
  // Only the super administrator edits a role's map (role edit).
  ['anonymous', 'updateRole', 401],
  ['superAdmin', 'updateRole', 400],
  ...everyRole
    .filter((role) => role !== 'superAdmin')
    .map((role): [DemoRole, keyof typeof routes, number] => [role, 'updateRole', 403]),
  // Any session records an arrival: the employee's own credentials are the proof (signedIn).
  ['anonymous', 'checkIn', 401],
  ...everyRole.map((role): [DemoRole, keyof typeof routes, number] => [role, 'checkIn', 400]),
  // The agenda and sales pick doctors and cosmetologists under any session (signedIn).
  ...(['doctors', 'cosmetologists'] as const).flatMap((route) => [
    ['anonymous', route, 401] as [DemoRole | 'anonymous', keyof typeof routes, number],
    ...everyRole.map((role): [DemoRole, keyof typeof routes, number] => [role, route, 200]),
  ]),
  // Staff: users view, create, edit and delete (spec 000 §6 defaults).
  ['anonymous', 'staff', 401],
  ['superAdmin', 'staff', 200],
  ['branchManager', 'staff', 200],
  ['operationalManager', 'staff', 200],
  ['franchisee', 'staff', 200],
  ['logisticsManager', 'staff', 403],
  ['medic', 'staff', 403],
  ['cosmetologist', 'staff', 403],
  ['superAdmin', 'staffMember', 200],
  ['branchManager', 'staffMember', 200],
  ['operationalManager', 'staffMember', 200],
  // A franchisee sees only their branch: another branch's employee is as if absent.
  ['franchisee', 'staffMember', 404],
  ['logisticsManager', 'staffMember', 403],
  ['medic', 'staffMember', 403],
  ['superAdmin', 'createStaff', 400],
  ['branchManager', 'createStaff', 400],
  ['operationalManager', 'createStaff', 403],
  ['franchisee', 'createStaff', 403],
  ['medic', 'createStaff', 403],
  ['superAdmin', 'updateStaff', 400],
  ['branchManager', 'updateStaff', 400],
  ['operationalManager', 'updateStaff', 403],
  ['cosmetologist', 'updateStaff', 403],
  ['superAdmin', 'deleteStaff', 404],
  ['branchManager', 'deleteStaff', 403],
  ['franchisee', 'deleteStaff', 403],
  ['logisticsManager', 'deleteStaff', 403],
];

describe('the permission table', () => {
  it.each(table)('%s on %s answers %i', async (role, name, expected) => {
    const route = routes[name]!;
    const answer = await call(
      t.app,
      route.method,
      route.url.replace('{medicId}', String(medicId)),
      {
        token: role === 'anonymous' ? undefined : tokens[role],
        body: route.body,
      },
    );
    expect(answer.status).toBe(expected);
    if (expected === 403) {
      expect(answer.body).toEqual({
        statusCode: 403,
        code: 0,
        message: 'No tienes permiso para realizar esta acción',
      });
    }
  });
});

interface Role {
  id: number;
  key: string;
  role: string;
  privileges: Record<string, string[]>;
}

describe('roles and their privilege maps', () => {
  it('lists the seven roles with their default maps', async () => {
    const answer = await call<Role[]>(t.app, 'GET', '/v1/role', { token: tokens.medic });
    expect(answer.body.data.map((role) => role.role)).toEqual([
      'Super Administrador',
      'Logística Gerente',
      'Sucursal Gerente',
      'Gerente Operativo',
      'Franquiciatario',
      'Médico',
      'Cosmetóloga',
    ]);
    const medic = answer.body.data.find((role) => role.key === 'medic');
    expect(medic?.privileges).toEqual(DEFAULT_PRIVILEGES.medic);
  });

  it('lists every resource key as a module with its actions', async () => {
    const answer = await call<{ alias: string; actions: string[] }[]>(t.app, 'GET', '/v1/module', {
      token: tokens.medic,
    });
    expect(answer.body.data.map((entry) => entry.alias).sort()).toEqual([...RESOURCE_KEYS].sort());
    expect(answer.body.data.find((entry) => entry.alias === 'inventory')?.actions).toContain(
      'maxmin',
    );
  });

  it('lets the super administrator change a role map, effective on the next call', async () => {
    const roles = await call<Role[]>(t.app, 'GET', '/v1/role', { token: tokens.superAdmin });
    const medic = roles.body.data.find((role) => role.key === 'medic')!;
    expect((await call(t.app, 'GET', '/v1/log', { token: tokens.medic })).status).toBe(403);
    const answer = await call<Role>(t.app, 'PUT', `/v1/role/${medic.id}/update`, {
      token: tokens.superAdmin,
      body: { privileges: { ...medic.privileges, history: ['show', 'view'] } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.privileges.history).toEqual(['view', 'show']);
    expect((await call(t.app, 'GET', '/v1/log', { token: tokens.medic })).status).toBe(200);
    const log = await call<{
      items: { module: { alias: string }; action: string; changes: Record<string, unknown> }[];
    }>(t.app, 'GET', '/v1/log', {
      token: tokens.superAdmin,
      query: { module: 'role', action: 'update' },
    });
    expect(log.body.data.items[0]?.changes).toEqual({
      history: { before: null, after: ['view', 'show'] },
    });
  });

  it('refuses the change to anyone but the super administrator (403)', async () => {
    const answer = await call(t.app, 'PUT', '/v1/role/6/update', {
      token: tokens.branchManager,
      body: { privileges: {} },
    });
    expect(answer.status).toBe(403);
  });

  it('keeps the super administrator role complete', async () => {
    const answer = await call(t.app, 'PUT', '/v1/role/1/update', {
      token: tokens.superAdmin,
      body: { privileges: {} },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      {
        field: 'privileges',
        message: 'Los privilegios del Super Administrador no se pueden modificar',
      },
    ]);
  });

  it('rejects unknown resources and actions that do not apply', async () => {
    const answer = await call(t.app, 'PUT', '/v1/role/6/update', {
      token: tokens.superAdmin,
      body: { privileges: { naves: ['view'], cabain: ['refund'] } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'privileges.naves', message: 'Recurso desconocido: naves' },
      { field: 'privileges.cabain', message: 'La acción refund no aplica a Cabinas' },
    ]);
  });
});

describe.skipIf(!onPostgres)('role maps under concurrent edits (PostgreSQL)', () => {
  it('the same change sent 10 times at once is applied and audited once, from the map it replaced', async () => {
    const roles = await call<Role[]>(t.app, 'GET', '/v1/role', { token: tokens.superAdmin });
    const cosmetologist = roles.body.data.find((role) => role.key === 'cosmetologist')!;
    const before = (await auditTrail(t.app, 'role', cosmetologist.id)).length;
    const body = {
      privileges: { ...cosmetologist.privileges, history: ['view', 'show', 'reports'] },
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(t.app, 'PUT', `/v1/role/${cosmetologist.id}/update`, {
          token: tokens.superAdmin,
          body,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(10).fill(200));
    expect(await auditTrail(t.app, 'role', cosmetologist.id)).toHaveLength(before + 1);
  });
});
