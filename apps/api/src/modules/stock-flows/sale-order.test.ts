import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { NotFound, SALE_ORDER_SHORT, type SaleOrderRecord } from '@clinica/domain';
import { auditLog, role, saleOrder, saleOrderProduct, stockMovement } from '../../db/schema';
import { call, type DemoRole, type TestApp } from '../../test/harness';
import { stockFlowFixture } from './flow-fixture';

/**
 * Sale orders to business customers (spec 001 §2–§7, CONTRACT §9) through HTTP: create, list,
 * detail, update and delete with every refusal, the ledger after each (each lot equals its
 * movements; a refusal changes nothing), the history, the privileges and the branch scope.
 */

const fixture = stockFlowFixture({
  roles: ['superAdmin', 'logisticsManager', 'branchManager', 'franchisee', 'medic'],
  lotPrefix: 'SO-T',
  documents: (db) =>
    Promise.all([
      db.select().from(saleOrder).orderBy(asc(saleOrder.id)),
      db.select().from(saleOrderProduct).orderBy(asc(saleOrderProduct.id)),
    ]),
});
const { newLot, quantityOf, expectBalanced, expectRefused } = fixture;
let t: TestApp;
let tokens: Record<DemoRole, string>;
let cedis: number;
let zonaRio: number;
let mexicali: number;
let gloves: number;
let glovesSku: string;
let serum: number;
beforeAll(() => {
  ({ t, tokens, cedis, zonaRio, mexicali, gloves, glovesSku, serum } = fixture.world);
});

const movementsOf = (id: number) =>
  t.app.db
    .select({
      stockId: stockMovement.stockId,
      quantity: stockMovement.quantity,
      cause: stockMovement.cause,
      documentNumber: stockMovement.documentNumber,
    })
    .from(stockMovement)
    .where(and(eq(stockMovement.documentType, 'saleOrder'), eq(stockMovement.documentId, id)))
    .orderBy(asc(stockMovement.id));

const historyOf = (id: number) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.module, 'saleOrder'), eq(auditLog.recordId, id)))
    .orderBy(asc(auditLog.id));

const customer = {
  name: 'Spa Las Palmas S.A. de C.V.',
  rfc: 'SLP150612QK3',
  phone: '(664)123-4567',
  note: 'NOTA-77',
  comments: 'Entregar en recepción',
};

const create = (who: DemoRole, body: Record<string, unknown>) =>
  call<SaleOrderRecord>(t.app, 'POST', '/v1/sale-order/create', { token: tokens[who], body });
const update = (who: DemoRole, id: number, body: Record<string, unknown>) =>
  call<SaleOrderRecord>(t.app, 'PUT', `/v1/sale-order/${id}/update`, { token: tokens[who], body });
const remove = (who: DemoRole, id: number, method: 'POST' | 'DELETE' = 'DELETE') =>
  call<{ id: number }>(t.app, method, `/v1/sale-order/${id}/delete`, { token: tokens[who] });
const list = (who: DemoRole, query: Record<string, string> = {}) =>
  call<{ items: SaleOrderRecord[]; meta: { itemCount: number } }>(t.app, 'GET', '/v1/sale-order', {
    token: tokens[who],
    query,
  });

/** A sale order of the given lots, by logistics at its branch (the CEDIS unless named). */
async function sold(
  lines: [stockId: number, quantity: number, price: number][],
  over: Record<string, unknown> = {},
  who: DemoRole = 'logisticsManager',
) {
  const answer = await create(who, {
    ...customer,
    ...over,
    saleOrderProducts: lines.map(([stockId, quantity, price]) => ({ stockId, quantity, price })),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
}

describe('creating a sale order (CONTRACT §9)', () => {
  it('takes the units out of the CEDIS lots by default, computes the total and numbers it SO-', async () => {
    const a = await newLot(cedis, gloves, 20);
    const b = await newLot(cedis, serum, 5);
    const record = await sold([
      [a, 8, 12.5],
      [b, 5, 350],
    ]);
    expect(record).toMatchObject({
      name: customer.name,
      rfc: 'SLP150612QK3',
      phone: '6641234567',
      note: 'NOTA-77',
      comments: 'Entregar en recepción',
      branch: { id: cedis, name: 'CEDIS' },
      totalAmount: 1850,
      createdBy: { name: 'Luis', lastName: 'Herrera' },
      deleted_at: null,
      saleOrderProducts: [
        {
          stockId: a,
          quantity: 8,
          price: 12.5,
          subtotal: 100,
          product: { id: gloves, sku: glovesSku },
          productStock: { id: a, expiresIn: '2027-08-31' },
        },
        { stockId: b, quantity: 5, price: 350, subtotal: 1750, product: { id: serum } },
      ],
    });
    expect(record.folio).toBe(`SO-${String(record.orderNumber).padStart(6, '0')}`);
    expect(await quantityOf(a)).toBe(12);
    expect(await quantityOf(b)).toBe(0);
    expect(await movementsOf(record.id)).toEqual([
      { stockId: a, quantity: -8, cause: 'sale-order', documentNumber: record.folio },
      { stockId: b, quantity: -5, cause: 'sale-order', documentNumber: record.folio },
    ]);
    const entries = await historyOf(record.id);
    expect(entries.map((entry) => [entry.action, entry.stockId])).toEqual([
      ['create', null],
      ['create', a],
      ['create', b],
    ]);
    expect(entries[0]).toMatchObject({ orderNumber: record.folio, originBranchId: cedis });
    expect(entries[0]!.changes).toMatchObject({ name: { before: null, after: customer.name } });
    expect(entries[1]).toMatchObject({
      orderNumber: record.folio,
      productId: gloves,
      originBranchId: cedis,
      branchId: cedis,
      changes: { quantity: { before: 20, after: 12 } },
    });
    // The detail answers the same record.
    const detail = await call<SaleOrderRecord>(t.app, 'GET', `/v1/sale-order/${record.id}`, {
      token: tokens.superAdmin,
    });
    expect(detail.body.data).toEqual(record);
    await expectBalanced();
  });

  it('sells from the branch named by a role that chooses it; RFC optional (empty is null)', async () => {
    const lot = await newLot(mexicali, gloves, 4);
    const record = await sold([[lot, 4, 1]], { branchId: mexicali, rfc: '' }, 'superAdmin');
    expect(record).toMatchObject({ branch: { id: mexicali }, rfc: null, totalAmount: 4 });
    const without = await sold(
      [[await newLot(cedis, gloves, 1), 1, 1]],
      { rfc: undefined },
      'superAdmin',
    );
    expect(without.branch.id).toBe(cedis);
    expect(without.rfc).toBeNull();
    expect(await quantityOf(lot)).toBe(0);
    await expectBalanced();
  });

  it('refuses more than the lot holds (422 code 1, naming the line): nothing changes', async () => {
    const a = await newLot(cedis, gloves, 10);
    const b = await newLot(cedis, serum, 3);
    const answer = await expectRefused(
      () =>
        create('logisticsManager', {
          ...customer,
          saleOrderProducts: [
            { stockId: a, quantity: 10, price: 5 },
            { stockId: b, quantity: 4, price: 5 },
          ],
        }),
      422,
      1,
    );
    expect(answer.body.message).toBe('Inventario insuficiente');
    expect(answer.body.details).toEqual([
      { field: 'saleOrderProducts.1.quantity', message: SALE_ORDER_SHORT },
    ]);
    expect(await quantityOf(a)).toBe(10);
  });

  it('refuses a lot of another branch or none (404 code 1), an unknown branch (404 code 6)', async () => {
    const foreign = await newLot(zonaRio, gloves, 5);
    const body = (over: Record<string, unknown>) => ({
      ...customer,
      saleOrderProducts: [{ stockId: foreign, quantity: 1, price: 10 }],
      ...over,
    });
    await expectRefused(() => create('logisticsManager', body({})), 404, NotFound.stock);
    await expectRefused(
      () =>
        create(
          'logisticsManager',
          body({ saleOrderProducts: [{ stockId: 2_000_000, quantity: 1, price: 10 }] }),
        ),
      404,
      NotFound.stock,
    );
    await expectRefused(
      () => create('superAdmin', body({ branchId: 2_000_000 })),
      404,
      NotFound.branch,
    );
  });

  it('refuses invalid fields with Spanish messages (400): RFC, price below 1, a lot twice, required', async () => {
    const lot = await newLot(cedis, gloves, 10);
    const line = { stockId: lot, quantity: 1, price: 10 };
    const cases: [Record<string, unknown>, { field: string; message: string }][] = [
      [{ rfc: 'NO-ES-RFC' }, { field: 'rfc', message: 'RFC Inválido' }],
      [
        { saleOrderProducts: [{ ...line, price: 0.5 }] },
        { field: 'saleOrderProducts.0.price', message: expect.stringContaining('Precio') },
      ],
      [
        { saleOrderProducts: [{ ...line, quantity: 0 }] },
        { field: 'saleOrderProducts.0.quantity', message: expect.stringContaining('Cantidad') },
      ],
      [
        { saleOrderProducts: [line, { ...line, quantity: 2 }] },
        { field: 'saleOrderProducts.1.stockId', message: 'Un lote solo puede aparecer una vez' },
      ],
      [{ name: undefined }, { field: 'name', message: expect.stringContaining('Razón social') }],
      [{ phone: undefined }, { field: 'phone', message: expect.stringContaining('Teléfono') }],
      [{ note: undefined }, { field: 'note', message: expect.stringContaining('nota') }],
      [{ saleOrderProducts: [] }, { field: 'saleOrderProducts', message: expect.any(String) }],
    ];
    for (const [over, detail] of cases) {
      const answer = await expectRefused(
        () => create('logisticsManager', { ...customer, saleOrderProducts: [line], ...over }),
        400,
      );
      expect(answer.body.details, JSON.stringify(over)).toContainEqual(detail);
    }
    // A total the money column cannot hold is a 400 too, never a 500.
    const big = await newLot(cedis, serum, 2_000);
    const huge = await expectRefused(
      () =>
        create('logisticsManager', {
          ...customer,
          saleOrderProducts: [{ stockId: big, quantity: 2_000, price: 9_999_999_999 }],
        }),
      400,
    );
    expect(huge.body.details![0]!.field).toBe('saleOrderProducts');
  });
});

describe('updating a sale order (re-balances the lots)', () => {
  it('moves only the difference per lot, keeps the fields left out and audits what changed', async () => {
    const a = await newLot(cedis, gloves, 10);
    const b = await newLot(cedis, serum, 10);
    const c = await newLot(cedis, serum, 10);
    const record = await sold([
      [a, 4, 10],
      [b, 6, 20],
    ]);
    const answer = await update('logisticsManager', record.id, {
      rfc: null,
      saleOrderProducts: [
        { stockId: a, quantity: 10, price: 10 },
        { stockId: c, quantity: 2, price: 30.25 },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({
      name: customer.name,
      note: customer.note,
      rfc: null,
      totalAmount: 160.5,
      saleOrderProducts: [
        { stockId: a, quantity: 10 },
        { stockId: c, quantity: 2, subtotal: 60.5 },
      ],
    });
    expect([await quantityOf(a), await quantityOf(b), await quantityOf(c)]).toEqual([0, 10, 8]);
    expect((await movementsOf(record.id)).slice(2)).toEqual([
      { stockId: a, quantity: -6, cause: 'sale-order', documentNumber: record.folio },
      { stockId: b, quantity: 6, cause: 'sale-order-reversal', documentNumber: record.folio },
      { stockId: c, quantity: -2, cause: 'sale-order', documentNumber: record.folio },
    ]);
    const updates = (await historyOf(record.id)).filter((entry) => entry.action === 'update');
    expect(updates.map((entry) => entry.stockId)).toEqual([null, a, b, c]);
    expect(updates[0]!.changes).toMatchObject({
      rfc: { before: 'SLP150612QK3', after: null },
      totalAmount: { before: 160, after: 160.5 },
    });
    expect(updates[2]).toMatchObject({
      destinationBranchId: cedis,
      changes: { quantity: { before: 4, after: 10 } },
    });

    // Only the header: no unit moves; the same save again writes no entry.
    const renamed = await update('logisticsManager', record.id, { name: 'Spa Las Palmas' });
    expect(renamed.body.data.saleOrderProducts).toHaveLength(2);
    expect(await movementsOf(record.id)).toHaveLength(5);
    const count = (await historyOf(record.id)).length;
    expect((await update('logisticsManager', record.id, { name: 'Spa Las Palmas' })).status).toBe(
      200,
    );
    expect(await historyOf(record.id)).toHaveLength(count);
    await expectBalanced();
  });

  it('counts what the order already holds, and refuses beyond it (422 code 1): nothing changes', async () => {
    const lot = await newLot(cedis, gloves, 10);
    const record = await sold([[lot, 7, 10]]);
    // The lot holds 3 more: 10 in all is fine, 11 is not.
    const short = await expectRefused(
      () =>
        update('logisticsManager', record.id, {
          saleOrderProducts: [{ stockId: lot, quantity: 11, price: 10 }],
        }),
      422,
      1,
    );
    expect(short.body.details).toEqual([
      { field: 'saleOrderProducts.0.quantity', message: SALE_ORDER_SHORT },
    ]);
    const all = await update('logisticsManager', record.id, {
      saleOrderProducts: [{ stockId: lot, quantity: 10, price: 10 }],
    });
    expect(all.status).toBe(200);
    expect(await quantityOf(lot)).toBe(0);
    // Another branch's lot, or a branch whose lots the order's lines are not: 404 code 1.
    const foreign = await newLot(zonaRio, gloves, 5);
    await expectRefused(
      () =>
        update('logisticsManager', record.id, {
          saleOrderProducts: [{ stockId: foreign, quantity: 1, price: 10 }],
        }),
      404,
      NotFound.stock,
    );
    await expectRefused(
      () => update('superAdmin', record.id, { branchId: zonaRio }),
      404,
      NotFound.stock,
    );
    // Moved with its lines to the branch they are of, it re-balances both.
    const moved = await update('superAdmin', record.id, {
      branchId: zonaRio,
      saleOrderProducts: [{ stockId: foreign, quantity: 5, price: 10 }],
    });
    expect(moved.body.data.branch.id).toBe(zonaRio);
    expect([await quantityOf(lot), await quantityOf(foreign)]).toEqual([10, 0]);
    await expectBalanced();
  });
});

describe('deleting a sale order (returns its units)', () => {
  it('returns every unit to its lot, soft-deletes it, and a second delete is 404 code 36', async () => {
    const a = await newLot(cedis, gloves, 9);
    const record = await sold([[a, 9, 3]]);
    expect(await quantityOf(a)).toBe(0);
    const answer = await remove('logisticsManager', record.id, 'POST');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ id: record.id });
    expect(await quantityOf(a)).toBe(9);
    expect((await movementsOf(record.id)).at(-1)).toEqual({
      stockId: a,
      quantity: 9,
      cause: 'sale-order-reversal',
      documentNumber: record.folio,
    });
    const deletes = (await historyOf(record.id)).filter((entry) => entry.action === 'delete');
    expect(deletes.map((entry) => entry.stockId)).toEqual([null, a]);
    await expectRefused(() => remove('logisticsManager', record.id), 404, NotFound.saleOrder);
    await expectRefused(
      () => update('logisticsManager', record.id, { name: 'x' }),
      404,
      NotFound.saleOrder,
    );
    // Still readable, marked deleted; listed only with withDeleted.
    const detail = await call<SaleOrderRecord>(t.app, 'GET', `/v1/sale-order/${record.id}`, {
      token: tokens.logisticsManager,
    });
    expect(detail.body.data.deleted_at).not.toBeNull();
    const search = JSON.stringify({ value: record.folio });
    expect((await list('logisticsManager', { search })).body.data.items).toEqual([]);
    expect(
      (await list('logisticsManager', { search, withDeleted: 'true' })).body.data.items.map(
        (item) => item.id,
      ),
    ).toEqual([record.id]);
    await expectBalanced();
  });
});

describe('the sale-order list (spec 001 §2)', () => {
  it('finds an order by number with or without SO, phone, RFC, business name and note number', async () => {
    const record = await sold([[await newLot(cedis, gloves, 3), 1, 5]], {
      name: 'Estética Ñandú del Noroeste',
      rfc: 'EÑN180301MN7',
      phone: '6865559911',
      note: 'NT-98765',
    });
    const number = record.orderNumber;
    for (const search of [
      { value: record.folio },
      { value: `so${number}` },
      { value: String(number) },
      { value: '(686)555-99' },
      { field: 'phone', value: '686 555 9911' },
      { field: 'rfc', value: 'eñn180301' },
      { value: 'estetica ñandu' },
      { field: 'name', value: 'NANDU' },
      { value: 'nt-98765' },
      { field: 'note', value: '98765' },
    ]) {
      const items = (await list('logisticsManager', { search: JSON.stringify(search) })).body.data
        .items;
      expect(
        items.map((item) => item.id),
        JSON.stringify(search),
      ).toContain(record.id);
    }
    const none = await list('logisticsManager', {
      search: JSON.stringify({ field: 'orderNumber', value: 'Spa' }),
    });
    expect(none.body.data.items).toEqual([]);
    expect((await list('logisticsManager', { field: 'phone' })).status).toBe(400);
  });

  it('filters by branch and day, sorts by the declared fields', async () => {
    const record = await sold([[await newLot(mexicali, serum, 3), 2, 5]], {
      branchId: mexicali,
    });
    const mine = (await list('superAdmin', { branchId: String(mexicali), take: '100' })).body.data
      .items;
    expect(mine.map((item) => item.id)).toContain(record.id);
    expect(mine.every((item) => item.branch.id === mexicali)).toBe(true);
    const today = (await list('superAdmin', { startDate: '2026-11-20', endDate: '2026-11-20' }))
      .body.data.items;
    expect(today.map((item) => item.id)).toContain(record.id);
    const before = (await list('superAdmin', { endDate: '2026-11-19', take: '100' })).body.data
      .items;
    expect(before.map((item) => item.id)).not.toContain(record.id);
    for (const field of ['orderNumber', 'name', 'note', 'branch', 'totalAmount', 'created_at']) {
      const answer = await list('superAdmin', { field, order: 'ASC' });
      expect(answer.status, field).toBe(200);
    }
    const sorted = (await list('superAdmin', { field: 'totalAmount', order: 'ASC', take: '100' }))
      .body.data.items;
    expect(sorted.map((item) => item.totalAmount)).toEqual(
      [...sorted.map((item) => item.totalAmount)].sort((a, b) => a - b),
    );
  });
});

describe('privileges and branch scope (CONTRACT §5)', () => {
  it('answers each role by its saleOrder privileges', async () => {
    const lot = await newLot(cedis, gloves, 50);
    const expected: Partial<Record<DemoRole, number>> = {
      superAdmin: 201,
      logisticsManager: 201,
      branchManager: 403,
      franchisee: 403,
      medic: 403,
    };
    for (const [who, status] of Object.entries(expected) as [DemoRole, number][]) {
      const answer = await create(who, {
        ...customer,
        ...(who === 'superAdmin' ? { branchId: cedis } : {}),
        saleOrderProducts: [{ stockId: lot, quantity: 1, price: 10 }],
      });
      expect({ who, status: answer.status }).toEqual({ who, status });
      expect({ who, list: (await list(who)).status }).toEqual({
        who,
        list: status === 201 ? 200 : 403,
      });
    }
    await expectBalanced();
  });

  it('fixes a branch-fixed role to its own branch: another is 404, its orders alone are seen', async () => {
    const [manager] = await t.app.db
      .select({ privileges: role.privileges })
      .from(role)
      .where(eq(role.key, 'branchManager'));
    const granted = {
      ...(manager!.privileges as Record<string, string[]>),
      saleOrder: ['view', 'show', 'create', 'edit', 'delete'],
    };
    await t.app.db.update(role).set({ privileges: granted }).where(eq(role.key, 'branchManager'));
    try {
      const own = await newLot(zonaRio, gloves, 6);
      const elsewhere = await sold([[await newLot(mexicali, gloves, 2), 1, 5]], {
        branchId: mexicali,
      });
      // Without a branch, its own; naming another branch does not exist for it.
      const record = await sold([[own, 2, 5]], {}, 'branchManager');
      expect(record.branch.id).toBe(zonaRio);
      await expectRefused(
        () =>
          create('branchManager', {
            ...customer,
            branchId: mexicali,
            saleOrderProducts: [{ stockId: own, quantity: 1, price: 5 }],
          }),
        404,
        NotFound.branch,
      );
      const items = (await list('branchManager', { take: '100', branchId: String(mexicali) })).body
        .data.items;
      expect(items).toEqual([]);
      const all = (await list('branchManager', { take: '100' })).body.data.items;
      expect(all.map((item) => item.id)).toContain(record.id);
      expect(all.every((item) => item.branch.id === zonaRio)).toBe(true);
      for (const attempt of [
        () => call(t.app, 'GET', `/v1/sale-order/${elsewhere.id}`, { token: tokens.branchManager }),
        () =>
          call(t.app, 'GET', `/v1/sale-order/${elsewhere.id}/download`, {
            token: tokens.branchManager,
          }),
        () => update('branchManager', elsewhere.id, { name: 'Otra' }),
        () => remove('branchManager', elsewhere.id),
      ])
        await expectRefused(attempt, 404, NotFound.saleOrder);
      expect((await remove('branchManager', record.id)).status).toBe(200);
      expect(await quantityOf(own)).toBe(6);
    } finally {
      await t.app.db
        .update(role)
        .set({ privileges: manager!.privileges })
        .where(eq(role.key, 'branchManager'));
    }
    await expectBalanced();
  });
});
