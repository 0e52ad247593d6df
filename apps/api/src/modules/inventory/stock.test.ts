import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ROLES,
  stockColor,
  daysBetween,
  type RoleKey,
  type StockMovementRecord,
  type StockRow,
} from '@clinica/domain';
import {
  category,
  product,
  productCategory,
  productType,
  treatment,
  treatmentProduct,
} from '../../db/schema';
import { call, signInAs } from '../../test/harness';
import { ROLES_WITHOUT_PRICES, seesPrices } from './stock.service';
import {
  admin,
  balanced,
  cedis,
  dayFrom,
  drop,
  franchisee,
  logistics,
  manager,
  maxMin,
  medic,
  mexicali,
  newProduct,
  operational,
  playas,
  register,
  rowOf,
  setAdmin,
  stockRows,
  t,
  TODAY,
  useStockWorld,
  zonaRio,
} from './stock.fixture';

useStockWorld();

describe('GET /stock: one row per branch and product (CONTRACT §9)', () => {
  it('sums the lots, lists them soonest expiry first and points at the lot expiring first', async () => {
    const item = await newProduct();
    const late = await register(item.id, zonaRio, 5, 'LATE-1', dayFrom(300));
    const soon = await register(item.id, zonaRio, 3, 'SOON-1', dayFrom(90));
    await register(item.id, zonaRio, 2, 'MID-1', dayFrom(200));
    await register(item.id, playas, 7, 'PLY-1', dayFrom(120));
    const row = await rowOf(admin, item.id, zonaRio);
    expect(row).toMatchObject({
      id: `${zonaRio}-${item.id}`,
      stockId: soon,
      productId: item.id,
      branchId: zonaRio,
      sku: item.sku,
      branch: 'Zona Río',
      distribution_center: false,
      productType: 'Médico/Venta',
      quantity: 10,
      allotment: 'SOON-1,MID-1,LATE-1',
      expiresIn: `${dayFrom(90)},${dayFrom(200)},${dayFrom(300)}`,
      max: null,
      min: null,
      mmId: null,
      color: null,
      status: true,
      unitPrice: 250,
    });
    expect(late).not.toBe(soon);
    const both = await stockRows(admin, { productId: String(item.id) });
    expect(both.items.map((r) => [r.branchId, r.quantity]).sort()).toEqual(
      [
        [zonaRio, 10],
        [playas, 7],
      ].sort(),
    );
    await balanced();
  });

  it('leaves emptied lots out of the row while others hold units', async () => {
    const item = await newProduct();
    const first = await register(item.id, zonaRio, 2, 'EMPTY-1', dayFrom(10));
    await register(item.id, zonaRio, 4, 'FULL-1', dayFrom(100));
    expect(
      (await drop(admin, { productId: item.id, branchId: zonaRio, stockId: first, quantity: 2 }))
        .status,
    ).toBe(201);
    const row = await rowOf(admin, item.id, zonaRio);
    expect(row).toMatchObject({ quantity: 4, allotment: 'FULL-1', color: null });
    expect(row!.stockId).not.toBe(first);
  });

  it('values sold products at their sale price and cabin supplies at their cost', async () => {
    const sold = await newProduct({ type: 'Cosmetólogo/Venta', cost: 90, salePrice: 320.5 });
    const cabin = await newProduct({ type: 'Uso Cabina', cost: 45.25, salePrice: 999 });
    const supply = await newProduct({ type: 'Insumo', cost: 12, salePrice: null });
    for (const item of [sold, cabin, supply]) await register(item.id, zonaRio, 1, `P-${item.id}`);
    expect((await rowOf(admin, sold.id, zonaRio))!.unitPrice).toBe(320.5);
    expect((await rowOf(admin, cabin.id, zonaRio))!.unitPrice).toBe(45.25);
    expect((await rowOf(admin, supply.id, zonaRio))!.unitPrice).toBe(12);
  });

  it('marks the distribution centre and the product status', async () => {
    const item = await newProduct();
    await register(item.id, cedis, 30, 'CED-1');
    expect(await rowOf(admin, item.id, cedis)).toMatchObject({
      distribution_center: true,
      branch: 'CEDIS',
    });
    await t.app.db.update(product).set({ status: false }).where(eq(product.id, item.id));
    expect((await rowOf(admin, item.id, cedis))!.status).toBe(false);
    const active = await stockRows(admin, { status: '1', productId: String(item.id) });
    const inactive = await stockRows(admin, { status: '0', productId: String(item.id) });
    expect(active.items).toEqual([]);
    expect(inactive.items).toHaveLength(1);
  });
});

describe('GET /stock colours (CONTRACT §9, inventory-rules stockColor)', () => {
  it('is danger for a lot expired or expiring within 30 days, volcano outside max/min', async () => {
    const expiring = await newProduct();
    const expired = await newProduct();
    const over = await newProduct();
    const under = await newProduct();
    const unlimited = await newProduct();
    const fine = await newProduct();
    const dangerOverMax = await newProduct();
    await register(expiring.id, mexicali, 5, 'EXP-29', dayFrom(29));
    await register(expired.id, mexicali, 5, 'EXP-OLD', dayFrom(-3));
    await register(over.id, mexicali, 12, 'OVER-1');
    await register(under.id, mexicali, 2, 'UNDER-1');
    await register(unlimited.id, mexicali, 500, 'UNL-1');
    await register(fine.id, mexicali, 5, 'FINE-1', dayFrom(30));
    await register(dangerOverMax.id, mexicali, 50, 'DOM-1', dayFrom(5));
    for (const [item, max, min] of [
      [over, 10, 1],
      [under, 10, 5],
      [unlimited, 0, 1],
      [fine, 10, 1],
      [dangerOverMax, 10, 1],
    ] as const)
      expect(
        (await maxMin(admin, { productId: item.id, branchId: mexicali, max, min })).status,
      ).toBe(201);
    const colours = async (items: { id: number }[]) =>
      Promise.all(items.map(async (item) => (await rowOf(admin, item.id, mexicali))!.color));
    expect(await colours([expiring, expired, over, under, unlimited, fine, dangerOverMax])).toEqual(
      ['danger', 'danger', 'volcano', 'volcano', null, null, 'danger'],
    );

    // The SQL agrees with the shared rule on every row of the branch.
    const all = await stockRows(admin, { branchId: String(mexicali) });
    for (const row of all.items) {
      const soonest = row.expiresIn
        ? row.expiresIn
            .split(',')
            .map((day) => daysBetween(TODAY, day))
            .sort((a, b) => a - b)[0]!
        : null;
      expect(row.color, row.sku).toBe(
        stockColor({
          quantity: row.quantity,
          soonestDaysLeft: soonest,
          max: row.max,
          min: row.min,
        }),
      );
    }
  });

  it('filters by colour in SQL, with paging and count', async () => {
    const danger = await stockRows(admin, { color: 'danger' });
    expect(danger.items.length).toBeGreaterThan(0);
    expect(danger.items.every((row) => row.color === 'danger')).toBe(true);
    expect(danger.meta.itemCount).toBe(danger.items.length);
    const paged = await call<{ items: StockRow[]; meta: { itemCount: number; pageCount: number } }>(
      t.app,
      'GET',
      '/v1/stock',
      { token: admin, query: { color: 'volcano', take: '1', page: '2' } },
    );
    const volcano = await stockRows(admin, { color: 'volcano' });
    expect(volcano.items.length).toBeGreaterThanOrEqual(2);
    expect(paged.body.data.meta.itemCount).toBe(volcano.meta.itemCount);
    expect(paged.body.data.meta.pageCount).toBe(volcano.meta.itemCount);
    expect(paged.body.data.items).toHaveLength(1);
    expect(paged.body.data.items[0]!.color).toBe('volcano');
    expect(volcano.items.map((row) => row.id)).toContain(paged.body.data.items[0]!.id);
    const refused = await call(t.app, 'GET', '/v1/stock', {
      token: admin,
      query: { color: 'green' },
    });
    expect(refused.status).toBe(400);
  });
});

describe('GET /stock filters, search and sorting', () => {
  it('filters by product type, category and branch, and searches SKU and name without accents', async () => {
    const [cat] = await t.app.db
      .select({ id: category.id })
      .from(category)
      .where(eq(category.type, 'product'))
      .limit(1);
    const item = await newProduct({ type: 'Uso Cabina', name: 'Mascarilla Ácida Única' });
    await t.app.db.insert(productCategory).values({ productId: item.id, categoryId: cat!.id });
    await register(item.id, playas, 3, 'CAT-1');
    const [cabinType] = await t.app.db
      .select({ id: productType.id })
      .from(productType)
      .where(eq(productType.name, 'Uso Cabina'));
    const byType = await stockRows(admin, { productTypeId: String(cabinType!.id) });
    expect(byType.items.every((row) => row.productType === 'Uso Cabina')).toBe(true);
    expect(byType.items.map((row) => row.productId)).toContain(item.id);
    const byCategory = await stockRows(admin, { categoryId: String(cat!.id) });
    expect(byCategory.items.map((row) => row.productId)).toContain(item.id);
    expect(byCategory.items.find((row) => row.productId === item.id)!.category).toBeTruthy();
    const byBranch = await stockRows(admin, { branchId: String(playas) });
    expect(byBranch.items.every((row) => row.branchId === playas)).toBe(true);
    const byName = await stockRows(admin, { search: 'acida unica' });
    expect(byName.items.map((row) => row.productId)).toEqual([item.id]);
    const bySku = await stockRows(admin, {
      search: JSON.stringify({ field: 'sku', value: item.sku.toLowerCase() }),
    });
    expect(bySku.items.map((row) => row.productId)).toEqual([item.id]);
  });

  it('sorts by the declared fields only, and pages without overlap', async () => {
    const byQuantity = await stockRows(admin, { field: 'quantity', order: 'DESC' });
    const quantities = byQuantity.items.map((row) => row.quantity);
    expect(quantities).toEqual([...quantities].sort((a, b) => b - a));
    for (const field of ['product', 'sku', 'branch', 'expiresIn', 'category'])
      expect(
        (await call(t.app, 'GET', '/v1/stock', { token: admin, query: { field } })).status,
      ).toBe(200);
    expect(
      (await call(t.app, 'GET', '/v1/stock', { token: admin, query: { field: 'cost' } })).status,
    ).toBe(400);
    const all = await stockRows(admin, { field: 'product', order: 'ASC' });
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(all.meta.itemCount / 7); page += 1) {
      const answer = await stockRows(admin, {
        field: 'product',
        order: 'ASC',
        take: '7',
        page: String(page),
      });
      pages.push(...answer.items.map((row) => row.id));
    }
    expect(pages).toEqual(all.items.map((row) => row.id));
    expect(new Set(pages).size).toBe(all.meta.itemCount);
  });
});

describe('branch scope and prices (CONTRACT §5, spec 001 §6)', () => {
  it('shows a branch-fixed role only its branch, whatever branch it asks for', async () => {
    for (const [token, own] of [
      [manager, zonaRio],
      [franchisee, playas],
      [medic, zonaRio],
      [operational, zonaRio],
    ] as const) {
      const rows = await stockRows(token, { branchId: String(mexicali) });
      expect(rows.items).toEqual([]);
      const mine = await stockRows(token);
      expect(mine.items.length).toBeGreaterThan(0);
      expect(mine.items.every((row) => row.branchId === own)).toBe(true);
    }
    const other = await call(t.app, 'GET', `/v1/stock/${mexicali}/1/details`, { token: manager });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe(6);
    const choice = await call(t.app, 'GET', '/v1/stock/get-stock-by-branch-id', {
      token: manager,
      query: { branchId: String(mexicali) },
    });
    expect([choice.status, choice.body.code]).toEqual([404, 6]);
    const report = await call(t.app, 'GET', '/v1/report/get-stock-by-branch', {
      token: franchisee,
      query: { branchId: String(zonaRio) },
    });
    expect([report.status, report.body.code]).toEqual([404, 6]);
  });

  it('decides who sees prices by role, in one place', () => {
    expect(ROLES_WITHOUT_PRICES).toEqual(['branchManager', 'franchisee']);
    for (const role of Object.keys(ROLES) as RoleKey[])
      expect(seesPrices({ roleKey: role })).toBe(!['branchManager', 'franchisee'].includes(role));
  });

  it('leaves every price out for the branch manager and the franchisee', async () => {
    const item = await newProduct();
    const ownLot = await register(item.id, zonaRio, 4, 'PRICE-ZR');
    await register(item.id, playas, 4, 'PRICE-PL');
    const reads = (token: string, branch: number) => [
      call<{ items: object[] }>(t.app, 'GET', '/v1/stock', {
        token,
        query: { productId: String(item.id) },
      }).then((a) => a.body.data.items),
      call<object>(t.app, 'GET', `/v1/stock/${branch}/${item.id}/details`, { token }).then((a) => [
        a.body.data,
      ]),
      call<object[]>(t.app, 'GET', '/v1/stock/get-stock-by-branch-id', {
        token,
        query: { branchId: String(branch), productId: String(item.id) },
      }).then((a) => a.body.data),
      call<object[]>(t.app, 'GET', '/v1/report/get-stock-by-branch', {
        token,
        query: { branchId: String(branch) },
      }).then((a) => a.body.data),
    ];
    for (const [token, branch] of [
      [manager, zonaRio],
      [franchisee, playas],
    ] as const) {
      for (const answer of await Promise.all(reads(token, branch))) {
        expect(answer.length).toBeGreaterThan(0);
        for (const row of answer)
          expect(JSON.stringify(row)).not.toMatch(/unitPrice|cost|salePrice/);
      }
    }
    for (const [token, branch] of [
      [admin, zonaRio],
      [logistics, zonaRio],
      [operational, zonaRio],
    ] as const) {
      for (const answer of await Promise.all(reads(token, branch))) {
        expect(answer.length).toBeGreaterThan(0);
        for (const row of answer) expect(row).toHaveProperty('unitPrice', expect.any(Number));
      }
    }
    expect(ownLot).toBeGreaterThan(0);
  });
});

describe('GET /stock/{branchId}/{productId}/details', () => {
  it('colours each lot by the days left from the branch’s own today, with recent movements', async () => {
    const item = await newProduct();
    // 05:00 UTC on the 21st is still the 20th in Tijuana: the branch's today decides.
    t.clock.set(new Date('2026-11-21T05:00:00Z'));
    const earlier = admin;
    try {
      setAdmin((await signInAs(t.app, 'superAdmin')).token);
      await register(item.id, zonaRio, 1, 'D-0', dayFrom(0));
      await register(item.id, zonaRio, 1, 'D-1', dayFrom(1));
      await register(item.id, zonaRio, 1, 'D-30', dayFrom(30));
      await register(item.id, zonaRio, 1, 'D-45', dayFrom(45));
      await register(item.id, zonaRio, 1, 'D-61', dayFrom(61));
      await register(item.id, zonaRio, 1, 'D-NONE', null);
      const answer = await call<{
        quantity: number;
        lots: { allotment: string; daysLeft: number | null; color: string }[];
        movements: StockMovementRecord[];
      }>(t.app, 'GET', `/v1/stock/${zonaRio}/${item.id}/details`, { token: admin });
      expect(answer.status).toBe(200);
      expect(answer.body.data.quantity).toBe(6);
      expect(answer.body.data.lots.map((lot) => [lot.allotment, lot.daysLeft, lot.color])).toEqual([
        ['D-0', 0, 'danger'],
        ['D-1', 1, 'warning'],
        ['D-30', 30, 'warning'],
        ['D-45', 45, 'alert'],
        ['D-61', 61, 'okay'],
        ['D-NONE', null, 'okay'],
      ]);
      expect(answer.body.data.movements).toHaveLength(6);
      expect(answer.body.data.movements[0]!.allotment).toBe('D-NONE');
    } finally {
      t.clock.set(new Date('2026-11-20T17:00:00Z'));
      setAdmin(earlier);
    }
  });

  it('shows at most the 20 latest movements, and answers 404 for an unknown product or branch', async () => {
    const item = await newProduct();
    const lot = await register(item.id, zonaRio, 30, 'MANY-1');
    for (let index = 0; index < 22; index += 1)
      expect(
        (await drop(admin, { productId: item.id, branchId: zonaRio, stockId: lot })).status,
      ).toBe(201);
    const answer = await call<{ movements: StockMovementRecord[] }>(
      t.app,
      'GET',
      `/v1/stock/${zonaRio}/${item.id}/details`,
      { token: admin },
    );
    expect(answer.body.data.movements).toHaveLength(20);
    expect(answer.body.data.movements.every((m) => m.balance < 30)).toBe(true);
    const unknownProduct = await call(t.app, 'GET', `/v1/stock/${zonaRio}/999999/details`, {
      token: admin,
    });
    expect([unknownProduct.status, unknownProduct.body.code]).toEqual([404, 13]);
    const unknownBranch = await call(t.app, 'GET', `/v1/stock/99999/${item.id}/details`, {
      token: admin,
    });
    expect([unknownBranch.status, unknownBranch.body.code]).toEqual([404, 6]);
  });
});

describe('GET /stock/movements', () => {
  it('lists the ledger newest first, with filters and keyset pages', async () => {
    const item = await newProduct();
    const lot = await register(item.id, playas, 10, 'MOV-1');
    t.clock.advance(60_000);
    await drop(admin, { productId: item.id, branchId: playas, stockId: lot, quantity: 3 });
    t.clock.advance(60_000);
    await register(item.id, playas, 2, 'MOV-1');
    const answer = await call<{
      items: StockMovementRecord[];
      meta: { nextCursor: string | null };
    }>(t.app, 'GET', '/v1/stock/movements', { token: admin, query: { stockId: String(lot) } });
    expect(answer.status).toBe(200);
    expect(answer.body.data.items.map((m) => [m.quantity, m.balance, m.cause])).toEqual([
      [2, 9, 'adjustment'],
      [-3, 7, 'adjustment'],
      [10, 10, 'adjustment'],
    ]);
    expect(answer.body.data.items[0]).toMatchObject({
      stockId: lot,
      productId: item.id,
      branchId: playas,
      allotment: 'MOV-1',
      branch: 'Playas de Tijuana',
      documentType: 'adjustment',
      user: { name: expect.any(String) },
    });
    const first = await call<{ items: StockMovementRecord[]; meta: { nextCursor: string | null } }>(
      t.app,
      'GET',
      '/v1/stock/movements',
      { token: admin, query: { productId: String(item.id), take: '2' } },
    );
    expect(first.body.data.items).toHaveLength(2);
    const next = await call<{ items: StockMovementRecord[] }>(t.app, 'GET', '/v1/stock/movements', {
      token: admin,
      query: { productId: String(item.id), take: '2', after: first.body.data.meta.nextCursor! },
    });
    expect(next.body.data.items.map((m) => m.quantity)).toEqual([10]);
    const byBranch = await call<{ items: StockMovementRecord[] }>(
      t.app,
      'GET',
      '/v1/stock/movements',
      { token: franchisee, query: { take: '100' } },
    );
    expect(byBranch.body.data.items.every((m) => m.branchId === playas)).toBe(true);
    const dated = await call<{ items: StockMovementRecord[] }>(
      t.app,
      'GET',
      '/v1/stock/movements',
      {
        token: admin,
        query: { productId: String(item.id), startDate: dayFrom(1) },
      },
    );
    expect(dated.body.data.items).toEqual([]);
  });
});

describe('lots to choose and the report', () => {
  it('answers the lots with units of a branch, of a product and of a treatment', async () => {
    const item = await newProduct();
    const other = await newProduct();
    await register(item.id, mexicali, 3, 'CH-1', dayFrom(200));
    const empty = await register(item.id, mexicali, 1, 'CH-0', dayFrom(100));
    await drop(admin, { productId: item.id, branchId: mexicali, stockId: empty });
    await register(other.id, mexicali, 2, 'CH-2');
    const choices = await call<{ stockId: number; allotment: string; quantity: number }[]>(
      t.app,
      'GET',
      '/v1/stock/get-stock-by-branch-id',
      { token: admin, query: { branchId: String(mexicali), productId: String(item.id) } },
    );
    expect(choices.body.data.map((c) => [c.allotment, c.quantity])).toEqual([['CH-1', 3]]);
    const [someTreatment] = await t.app.db.select({ id: treatment.id }).from(treatment).limit(1);
    await t.app.db
      .insert(treatmentProduct)
      .values({ treatmentId: someTreatment!.id, productId: other.id, quantity: 1 });
    const forTreatment = await call<{ productId: number }[]>(
      t.app,
      'GET',
      '/v1/stock/get-stock-by-branch-and-treatment',
      {
        token: admin,
        query: { branchId: String(mexicali), treatmentId: String(someTreatment!.id) },
      },
    );
    expect(forTreatment.status).toBe(200);
    expect(forTreatment.body.data.map((c) => c.productId)).toContain(other.id);
    expect(forTreatment.body.data.map((c) => c.productId)).not.toContain(item.id);
    const missing = await call(t.app, 'GET', '/v1/stock/get-stock-by-branch-and-treatment', {
      token: admin,
      query: { branchId: String(mexicali), treatmentId: '999999' },
    });
    expect([missing.status, missing.body.code]).toEqual([404, 2]);
    const report = await call<{ allotment: string; product: string; quantity: number }[]>(
      t.app,
      'GET',
      '/v1/report/get-stock-by-branch',
      { token: admin, query: { branchId: String(mexicali) } },
    );
    expect(report.body.data.some((line) => line.allotment === 'CH-1')).toBe(true);
    expect(report.body.data.every((line) => line.quantity > 0)).toBe(true);
  });
});
