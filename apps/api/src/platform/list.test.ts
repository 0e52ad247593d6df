import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { categoryRoutes, listQuery } from '@clinica/domain';
import { category } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';
import { listPage, listSpec } from './list';
import type { Session } from './session';

let t: TestApp;
const session = { branchFixed: false, branchId: 1 } as Session;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const columns = { id: category.id, name: category.name };
const specWith = (countCap?: number) =>
  listSpec(categoryRoutes.list.list, {
    sortable: {
      name: category.name,
      type: category.type,
      id: category.id,
      created_at: category.createdAt,
    },
    searchable: { name: category.name },
    deletedAt: category.deletedAt,
    tieBreaker: category.id,
    countCap,
  });
const page = (countCap: number | undefined, query: Record<string, string>) =>
  listPage({ db: t.app.db, session }, specWith(countCap), listQuery.parse(query), {
    columns,
    from: (select) => select.from(category).$dynamic(),
  });

describe('the list block', () => {
  it('counts exactly by default, and a capped count stops at the cap and estimates past it', async () => {
    const [all] = await t.app.db.select({ total: count() }).from(category);
    const total = Number(all!.total);
    expect(total).toBeGreaterThan(4);
    expect((await page(undefined, { take: '2' })).meta.itemCount).toBe(total);
    // Under the cap the count is exact; over it, at least cap + 1 (the planner's estimate).
    expect((await page(1000, { take: '2' })).meta.itemCount).toBe(total);
    const capped = await page(3, { take: '2' });
    expect(capped.items).toHaveLength(2);
    expect(capped.meta.itemCount).toBeGreaterThanOrEqual(4);
  });

  it('never reads the sort whitelist through the prototype: field=__proto__ is a 400', async () => {
    await expect(page(undefined, { field: '__proto__' })).rejects.toMatchObject({ status: 400 });
    await expect(page(undefined, { field: 'constructor' })).rejects.toMatchObject({ status: 400 });
    await expect(
      page(undefined, { search: JSON.stringify({ field: 'toString', value: 'a' }) }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('the indexes every list needs', () => {
  it('exist for every searchable column and default sort of every registered list', async () => {
    const { listIndexStatements } = await import('./list-indexes');
    const statements = listIndexStatements();
    const wanted = statements.map((statement) => /EXISTS "([^"]+)"/.exec(statement)![1]!);
    expect(wanted).toEqual(expect.arrayContaining(['category_name_search_idx']));
    const existing = (await t.app.db.execute(
      sql`SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`,
    )) as unknown as { rows?: { indexname: string }[] } | { indexname: string }[];
    const names = (Array.isArray(existing) ? existing : (existing.rows ?? [])).map(
      (row) => row.indexname,
    );
    expect(wanted.filter((name) => !names.includes(name))).toEqual([]);
  });
});

describe('keyset paging (after)', () => {
  const keyset = (query: Record<string, string>) =>
    listPage({ db: t.app.db, session }, { ...specWith(), keyset: true }, listQuery.parse(query), {
      columns,
      from: (select) => select.from(category).$dynamic(),
    });

  it('walks the same rows as page numbers do, in both orders, and ends with a null cursor', async () => {
    for (const order of ['ASC', 'DESC']) {
      const byPage: number[] = [];
      for (let p = 1; p <= 20; p += 1) {
        const answer = await page(undefined, { take: '3', order, page: String(p) });
        byPage.push(...answer.items.map((item) => item.id));
        if (!answer.meta.hasNextPage) break;
      }
      const byCursor: number[] = [];
      let after: string | null | undefined;
      do {
        const answer = await keyset({ take: '3', order, ...(after ? { after } : {}) });
        byCursor.push(...answer.items.map((item) => item.id));
        expect(Object.keys(answer.items[0] ?? {})).not.toContain('__cursorId');
        after = answer.meta.nextCursor;
      } while (after);
      expect(byCursor).toEqual(byPage);
    }
  });

  it('refuses a cursor it did not make, and after on a list without keyset paging, with a 400', async () => {
    await expect(keyset({ after: 'no-es-un-cursor' })).rejects.toMatchObject({ status: 400 });
    const wrongType = Buffer.from(JSON.stringify([{}, 1])).toString('base64url');
    await expect(keyset({ after: wrongType })).rejects.toMatchObject({ status: 400 });
    // A capped list asks the planner for its estimate first: a cursor the column cannot hold
    // (a word for a date) is the same 400 there, not a database error.
    const notADate = Buffer.from(JSON.stringify(['no-es-fecha', 1])).toString('base64url');
    await expect(
      listPage(
        { db: t.app.db, session },
        { ...specWith(1000), keyset: true },
        listQuery.parse({ field: 'created_at', after: notADate }),
        { columns, from: (select) => select.from(category).$dynamic() },
      ),
    ).rejects.toMatchObject({ status: 400 });
    const first = await keyset({ take: '2' });
    await expect(page(undefined, { after: first.meta.nextCursor! })).rejects.toMatchObject({
      status: 400,
    });
  });
});
