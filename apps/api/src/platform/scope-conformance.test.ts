import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type RoleKey } from '@clinica/domain';
import {
  DEMO_USERS,
  branchId,
  call,
  createTestApp,
  signInAs,
  type DemoRole,
  type TestApp,
} from '../test/harness';

/**
 * Branch scope, proven for every route at once (CONTRACT §5): each route of the OpenAPI document,
 * called by each role fixed to its branch, never shows another branch's records in a list and
 * answers 404 for them by id — as if they did not exist — or 403 where the role lacks the
 * privilege. A new branch-owned resource is covered the day its routes are registered.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Operation {
  method: Method;
  path: string;
}
type Item = Record<string, unknown> & { id: number };

const FIXED_ROLES = (Object.keys(DEMO_USERS) as DemoRole[]).filter(
  (role) => ROLES[role as RoleKey].branchFixed,
);

let t: TestApp;
let admin: string;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  const document = (await t.app.inject({ method: 'GET', url: '/v1/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .map((method) => method.toUpperCase())
      .filter((method): method is Method => ['GET', 'POST', 'PUT', 'DELETE'].includes(method))
      .map((method) => ({ method, path })),
  );
});
afterAll(async () => {
  await t?.close();
});

/**
 * The branches a listed record belongs to, when it says: `branch: { id }`, `branchId`, a staff
 * member's `kardex.mainBranch`, or both ends of a transfer (`originBranchId`, `destinyBranchId`:
 * either branch reaches it).
 */
function branchesOf(collection: string, item: Item): number[] | undefined {
  if (collection === '/v1/branch') return [item.id];
  if (typeof item.originBranchId === 'number' && typeof item.destinyBranchId === 'number')
    return [item.originBranchId, item.destinyBranchId];
  const kardex = item.kardex as { mainBranch?: { id?: unknown } } | undefined;
  for (const holder of [item.branch, kardex?.mainBranch]) {
    const id = (holder as { id?: unknown } | null | undefined)?.id;
    if (typeof id === 'number') return [id];
  }
  return typeof item.branchId === 'number' ? [item.branchId] : undefined;
}

async function everyItem(
  path: string,
  token: string,
  filters: Record<string, string> = {},
): Promise<Item[] | null> {
  const items: Item[] = [];
  for (let page = 1; page <= 50; page += 1) {
    // A report answers `{ items, totals }`: one page, no `meta`.
    const answer = await call<{ items: Item[]; meta?: { hasNextPage: boolean } }>(
      t.app,
      'GET',
      path,
      { token, query: { ...filters, take: '100', page: String(page) } },
    );
    if (answer.status !== 200 || !Array.isArray(answer.body.data?.items)) return null;
    items.push(...answer.body.data.items);
    if (!answer.body.data.meta?.hasNextPage) break;
  }
  return items;
}

/** The lists (GET without path parameters answering `items`) whose records name their branch. */
async function branchOwnedLists() {
  const lists: { path: string; items: Item[] }[] = [];
  for (const operation of operations) {
    if (operation.method !== 'GET' || operation.path.includes('{')) continue;
    const items = await everyItem(operation.path, admin);
    if (!items) continue;
    if (items.some((item) => branchesOf(operation.path, item) !== undefined))
      lists.push({ path: operation.path, items });
  }
  return lists;
}

describe('branch scope of every route for every role fixed to its branch (CONTRACT §5)', () => {
  it('finds branch-owned lists to check', async () => {
    const lists = await branchOwnedLists();
    expect(lists.map((list) => list.path)).toEqual(
      expect.arrayContaining(['/v1/cabain', '/v1/branch', '/v1/user', '/v1/transfer']),
    );
  });

  it.each(FIXED_ROLES)(
    'a %s never sees another branch in a list, and reaches none of its records by id',
    async (role) => {
      const own = await branchId(t.app, DEMO_USERS[role].branch);
      const token = (await signInAs(t.app, role)).token;
      const problems: string[] = [];
      const other = String(own === 1 ? 2 : 1);
      for (const list of await branchOwnedLists()) {
        // Asked for another branch by its filter, a list still shows only the caller's.
        const seen = [
          ...((await everyItem(list.path, token)) ?? []),
          ...((await everyItem(list.path, token, { branchId: other })) ?? []),
        ];
        for (const item of seen) {
          const branches = branchesOf(list.path, item);
          if (branches !== undefined && !branches.includes(own))
            problems.push(`${list.path} muestra #${item.id} de la sucursal ${branches.join(', ')}`);
        }
        const foreign = list.items.find((item) => {
          const branches = branchesOf(list.path, item);
          return branches !== undefined && !branches.includes(own);
        });
        if (!foreign) continue;
        const byId = operations.filter((operation) =>
          operation.path.startsWith(`${list.path}/{id}`),
        );
        for (const operation of byId) {
          const url = operation.path.replace('{id}', String(foreign.id)).replace(/\{\w+\}/g, '1');
          const answer = await call(t.app, operation.method, url, {
            token,
            body: operation.method === 'GET' ? undefined : {},
          });
          // A body the route needs may be refused first (400, or 406 for an upload sent as
          // JSON); it must never reach the record.
          const allowed =
            operation.path.endsWith('/update') || operation.method === 'GET'
              ? [403, 404]
              : [400, 403, 404, 406, 415];
          if (!allowed.includes(answer.status))
            problems.push(`${operation.method} ${url} → ${answer.status}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );
});
