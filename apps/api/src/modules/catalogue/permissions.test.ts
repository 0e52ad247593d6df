import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PRIVILEGES,
  hasPrivilege,
  messageFor,
  msg,
  type Action,
  type Resource,
} from '@clinica/domain';
import { call, createTestApp, signInAs, type DemoRole, type TestApp } from '../../test/harness';
import { catalogueProduct } from '../../test/factories';

let t: TestApp;
const tokens = {} as Record<DemoRole, string>;
let approvedMedical: number;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of Object.keys(DEFAULT_PRIVILEGES) as DemoRole[])
    tokens[role] = (await signInAs(t.app, role)).token;
  approvedMedical = (await catalogueProduct(t.app, 'Médico/Venta')).id;
});
afterAll(async () => {
  await t.close();
});

/**
 * Each route with a request that stops right after the privilege check for a holder: an unknown
 * field is a 400, a missing product a 404. The financial edit is the exception: its privilege
 * (approve, on top of edit) is checked by the service, so it changes a real approved product.
 */
type Route = {
  method: 'PUT' | 'POST';
  url: () => string;
  body?: () => unknown;
  needs: [Resource, Action][];
};
const unknownField = () => ({ campoDesconocido: 1 });
let franchiseTax = 20;
const routes = {
  approveProduct: {
    method: 'PUT',
    url: () => `/v1/product/${approvedMedical}/approve`,
    body: unknownField,
    needs: [['products', 'approve']],
  },
  rejectProduct: {
    method: 'PUT',
    url: () => `/v1/product/${approvedMedical}/reject`,
    body: unknownField,
    needs: [['products', 'approve']],
  },
  editFinancialFields: {
    method: 'PUT',
    url: () => `/v1/product/${approvedMedical}/update-medical-product`,
    // A new value each call: sending back the stored one is no change, which edit alone allows.
    body: () => ({ franchiseTax: (franchiseTax += 1) }),
    needs: [
      ['products', 'edit'],
      ['products', 'approve'],
    ],
  },
  createProduct: {
    method: 'POST',
    url: () => '/v1/product/create',
    body: unknownField,
    needs: [['products', 'create']],
  },
  editProduct: {
    method: 'PUT',
    url: () => `/v1/product/${approvedMedical}/update-medical-product`,
    body: unknownField,
    needs: [['products', 'edit']],
  },
  deleteProduct: {
    method: 'POST',
    url: () => '/v1/product/999999/delete',
    needs: [['products', 'delete']],
  },
  createProvider: {
    method: 'POST',
    url: () => '/v1/provider/create',
    body: unknownField,
    needs: [['providers', 'create']],
  },
  createTreatment: {
    method: 'POST',
    url: () => '/v1/treatment/create',
    body: unknownField,
    needs: [['treatments', 'create']],
  },
  createAppliance: {
    method: 'POST',
    url: () => '/v1/appliance/create',
    body: unknownField,
    needs: [['appliances', 'create']],
  },
} satisfies Record<string, Route>;
type RouteName = keyof typeof routes;

/** Role × route × expected status with each role's default map (spec 001 §6, CONTRACT §5). */
const table: [DemoRole, RouteName, number][] = [
  ['superAdmin', 'approveProduct', 400],
  ['superAdmin', 'rejectProduct', 400],
  ['superAdmin', 'editFinancialFields', 200],
  ['superAdmin', 'createProduct', 400],
  ['superAdmin', 'editProduct', 400],
  ['superAdmin', 'deleteProduct', 404],
  ['superAdmin', 'createProvider', 400],
  ['superAdmin', 'createTreatment', 400],
  ['superAdmin', 'createAppliance', 400],

  ['logisticsManager', 'approveProduct', 403],
  ['logisticsManager', 'rejectProduct', 403],
  ['logisticsManager', 'editFinancialFields', 403],
  ['logisticsManager', 'createProduct', 400],
  ['logisticsManager', 'editProduct', 400],
  ['logisticsManager', 'deleteProduct', 404],
  ['logisticsManager', 'createProvider', 400],
  ['logisticsManager', 'createTreatment', 403],
  ['logisticsManager', 'createAppliance', 400],

  ...(['branchManager', 'operationalManager'] as const).flatMap(
    (role): [DemoRole, RouteName, number][] => [
      [role, 'approveProduct', 403],
      [role, 'rejectProduct', 403],
      [role, 'editFinancialFields', 403],
      [role, 'createProduct', 403],
      [role, 'editProduct', 403],
      [role, 'deleteProduct', 403],
      [role, 'createProvider', 403],
      [role, 'createTreatment', 403],
      [role, 'createAppliance', 400],
    ],
  ),

  // Franchisees, medics and cosmetologists at most read the catalogue.
  ...(['franchisee', 'medic', 'cosmetologist'] as const).flatMap((role) =>
    (Object.keys(routes) as RouteName[]).map((route): [DemoRole, RouteName, number] => [
      role,
      route,
      403,
    ]),
  ),
];

describe('the catalogue permission table', () => {
  it('covers every role on every route, and agrees with the default maps', () => {
    const roles = Object.keys(DEFAULT_PRIVILEGES) as DemoRole[];
    expect(table).toHaveLength(roles.length * Object.keys(routes).length);
    for (const [role, name, expected] of table) {
      const holds = (routes[name].needs as [Resource, Action][]).every(([resource, action]) =>
        hasPrivilege(DEFAULT_PRIVILEGES[role], resource, action),
      );
      expect({ role, name, allowed: expected !== 403 }).toEqual({ role, name, allowed: holds });
    }
  });

  it.each(table)('%s on %s answers %i', async (role, name, expected) => {
    const route: Route = routes[name];
    const answer = await call(t.app, route.method, route.url(), {
      token: tokens[role],
      body: route.body?.(),
    });
    expect(answer.status).toBe(expected);
    if (expected === 403)
      expect(answer.body).toEqual({ statusCode: 403, code: 0, message: messageFor(403, 0) });
    if (expected === 400)
      expect(answer.body.details).toContainEqual({
        field: 'campoDesconocido',
        message: msg.unknownField,
      });
    if (expected === 404) expect(answer.body.code).toBe(13);
  });
});
