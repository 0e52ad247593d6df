import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { auditLog, stockMovement } from '../../db/schema';
import { call } from '../../test/harness';
import {
  type Body,
  adjust,
  admin,
  balanced,
  dayFrom,
  drop,
  franchisee,
  logistics,
  lots,
  manager,
  maxMin,
  medic,
  newProduct,
  operational,
  playas,
  register,
  rowOf,
  t,
  zonaRio,
  useStockWorld,
} from './stock.fixture';

useStockWorld();

describe('POST /stock/adjustment (spec 001 §9)', () => {
  it('registers into a new lot (whitespace stripped), then into the same lot, and drops from it', async () => {
    const item = await newProduct();
    const created = await adjust(logistics, {
      productId: item.id,
      branchId: zonaRio,
      quantity: 6,
      type: 'registration',
      allotment: ' L 2026 - 01 ',
      expiresIn: dayFrom(100),
      justification: 'Conteo físico',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ allotment: 'L2026-01', quantity: 6 });
    const again = await adjust(logistics, {
      productId: item.id,
      branchId: zonaRio,
      quantity: 2,
      type: 'registration',
      allotment: 'L2026-01',
      expiresIn: dayFrom(100),
      justification: 'Se encontraron dos más',
    });
    expect(again.body.data).toMatchObject({ stockId: created.body.data.stockId, quantity: 8 });
    const dropped = await drop(manager, {
      productId: item.id,
      branchId: zonaRio,
      stockId: created.body.data.stockId,
      quantity: 5,
      justification: 'Caja rota en almacén',
    });
    expect(dropped.status).toBe(201);
    expect(dropped.body.data.quantity).toBe(3);
    expect(await lots(item.id)).toEqual([
      { id: created.body.data.stockId, branchId: zonaRio, quantity: 3 },
    ]);

    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.module, 'inventory'), eq(auditLog.productId, item.id)))
      .orderBy(asc(auditLog.id));
    expect(
      entries.map((entry) => ({
        action: entry.action,
        stockId: entry.stockId,
        origin: entry.originBranchId,
        destination: entry.destinationBranchId,
        detail: entry.detail,
        changes: entry.changes,
      })),
    ).toEqual([
      {
        action: 'registration',
        stockId: created.body.data.stockId,
        origin: null,
        destination: zonaRio,
        detail: 'Conteo físico',
        changes: { quantity: { before: 0, after: 6 } },
      },
      {
        action: 'registration',
        stockId: created.body.data.stockId,
        origin: null,
        destination: zonaRio,
        detail: 'Se encontraron dos más',
        changes: { quantity: { before: 6, after: 8 } },
      },
      {
        action: 'drop',
        stockId: created.body.data.stockId,
        origin: zonaRio,
        destination: null,
        detail: 'Caja rota en almacén',
        changes: { quantity: { before: 8, after: 3 } },
      },
    ]);
    // Each movement names its audit entry as its document.
    const movements = await t.app.db
      .select({ documentType: stockMovement.documentType, documentId: stockMovement.documentId })
      .from(stockMovement)
      .where(eq(stockMovement.productId, item.id))
      .orderBy(asc(stockMovement.id));
    expect(movements).toEqual(
      entries.map((entry) => ({ documentType: 'adjustment', documentId: entry.id })),
    );
    await balanced();
  });

  it('registers into a named lot', async () => {
    const item = await newProduct();
    const lot = await register(item.id, playas, 1, 'NAMED-1');
    const answer = await adjust(admin, {
      productId: item.id,
      branchId: playas,
      quantity: 4,
      type: 'registration',
      stockId: lot,
      justification: 'Devolución de cabina',
    });
    expect(answer.body.data).toMatchObject({ stockId: lot, quantity: 5 });
    await balanced();
  });

  it('refuses a drop of more than the lot holds (422 code 1) and changes nothing', async () => {
    const item = await newProduct();
    const lot = await register(item.id, zonaRio, 3, 'SHORT-1');
    const before = await t.app.db.select().from(auditLog);
    const answer = await drop(admin, {
      productId: item.id,
      branchId: zonaRio,
      stockId: lot,
      quantity: 4,
    });
    expect([answer.status, answer.body.code]).toEqual([422, 1]);
    expect(answer.body.message).toBeTruthy();
    expect(await lots(item.id)).toEqual([{ id: lot, branchId: zonaRio, quantity: 3 }]);
    expect(await t.app.db.select().from(auditLog)).toHaveLength(before.length);
    await balanced();
  });

  it('needs the lot of that branch and product to drop (404 code 1, 400 without one)', async () => {
    const item = await newProduct();
    const other = await newProduct();
    const lot = await register(item.id, zonaRio, 3, 'WHERE-1');
    const otherLot = await register(other.id, zonaRio, 3, 'WHERE-2');
    const elsewhere = await register(item.id, playas, 3, 'WHERE-3');
    for (const stockId of [otherLot, elsewhere, 999_999]) {
      const answer = await drop(admin, { productId: item.id, branchId: zonaRio, stockId });
      expect([answer.status, answer.body.code]).toEqual([404, 1]);
    }
    const withoutLot = await drop(admin, { productId: item.id, branchId: zonaRio });
    expect(withoutLot.status).toBe(400);
    expect(withoutLot.body.details?.map((d) => d.field)).toContain('stockId');
    const registrationWithoutLot = await adjust(admin, {
      productId: item.id,
      branchId: zonaRio,
      quantity: 1,
      type: 'registration',
      justification: 'x',
    });
    expect(registrationWithoutLot.status).toBe(400);
    const noJustification = await adjust(admin, {
      productId: item.id,
      branchId: zonaRio,
      quantity: 1,
      type: 'drop',
      stockId: lot,
    });
    expect(noJustification.status).toBe(400);
    const zero = await drop(admin, {
      productId: item.id,
      branchId: zonaRio,
      stockId: lot,
      quantity: 0,
    });
    expect(zero.status).toBe(400);
    const unknownProduct = await adjust(admin, {
      productId: 999_999,
      branchId: zonaRio,
      quantity: 1,
      type: 'registration',
      allotment: 'X1',
      justification: 'x',
    });
    expect([unknownProduct.status, unknownProduct.body.code]).toEqual([404, 13]);
    const unknownBranch = await adjust(admin, {
      productId: item.id,
      branchId: 99_999,
      quantity: 1,
      type: 'registration',
      allotment: 'X1',
      justification: 'x',
    });
    expect([unknownBranch.status, unknownBranch.body.code]).toEqual([404, 6]);
    expect((await lots(item.id)).map((row) => row.quantity)).toEqual([3, 3]);
    await balanced();
  });

  it('refuses a registration past what a lot can hold with a 400, not a 500', async () => {
    const item = await newProduct();
    const lot = await register(item.id, zonaRio, 5, 'HUGE-1');
    const answer = await adjust(admin, {
      productId: item.id,
      branchId: zonaRio,
      quantity: 2_147_483_647,
      type: 'registration',
      stockId: lot,
      justification: 'x',
    });
    expect(answer.status).toBe(400);
    expect((await lots(item.id))[0]!.quantity).toBe(5);
    await balanced();
  });

  it('lets a branch-fixed role adjust only its own branch (404 code 6) and needs the privilege (403)', async () => {
    const item = await newProduct();
    const lot = await register(item.id, playas, 5, 'SCOPE-1');
    const foreign = await drop(manager, { productId: item.id, branchId: playas, stockId: lot });
    expect([foreign.status, foreign.body.code]).toEqual([404, 6]);
    const foreignRegistration = await adjust(operational, {
      productId: item.id,
      branchId: playas,
      quantity: 1,
      type: 'registration',
      allotment: 'SCOPE-2',
      justification: 'x',
    });
    expect([foreignRegistration.status, foreignRegistration.body.code]).toEqual([404, 6]);
    for (const token of [franchisee, medic]) {
      const refused = await drop(token, { productId: item.id, branchId: playas, stockId: lot });
      expect(refused.status).toBe(403);
    }
    expect(await lots(item.id)).toEqual([{ id: lot, branchId: playas, quantity: 5 }]);
    await balanced();
  });
});

describe('max/min (spec 001 §5)', () => {
  const getMaxMin = (token: string, id: number) =>
    call<{ id: number; max: number; min: number; product: { id: number } }>(
      t.app,
      'GET',
      `/v1/stock/${id}/get-max-min-by-branch`,
      { token },
    );
  const update = (token: string, id: number, body: Body) =>
    call<{ max: number; min: number }>(t.app, 'PUT', `/v1/stock/${id}/update-max-min`, {
      token,
      body,
    });

  it('creates (201), reads and updates, audited', async () => {
    const item = await newProduct();
    const created = await maxMin(logistics, {
      productId: item.id,
      branchId: zonaRio,
      max: 20,
      min: 4,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      max: 20,
      min: 4,
      productId: item.id,
      branchId: zonaRio,
      product: { id: item.id },
      branch: { id: zonaRio, name: 'Zona Río' },
    });
    const id = created.body.data.id;
    expect(created.body.data.mmId).toBe(id);
    expect((await getMaxMin(admin, id)).body.data).toMatchObject({ max: 20, min: 4 });
    const updated = await update(logistics, id, { max: 0, min: 9 });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ max: 0, min: 9 });
    const trail = await t.app.db
      .select({
        action: auditLog.action,
        changes: auditLog.changes,
        productId: auditLog.productId,
      })
      .from(auditLog)
      .where(and(eq(auditLog.module, 'inventory'), eq(auditLog.recordId, id)))
      .orderBy(asc(auditLog.id));
    expect(trail.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(trail[1]!.changes).toEqual({
      max: { before: 20, after: 0 },
      min: { before: 4, after: 9 },
    });
    // Each entry names the product, so the log's product filter finds the max/min's changes.
    expect(trail.map((entry) => entry.productId)).toEqual([item.id, item.id]);
    const byProduct = await call<{ items: { recordId: number; action: string }[] }>(
      t.app,
      'GET',
      '/v1/log',
      { token: admin, query: { productId: String(item.id), module: 'inventory' } },
    );
    expect(byProduct.status).toBe(200);
    expect(
      byProduct.body.data.items
        .filter((entry) => entry.recordId === id)
        .map((entry) => entry.action)
        .sort(),
    ).toEqual(['create', 'update']);
    // The inventory row carries it.
    await register(item.id, zonaRio, 3, 'MM-1');
    expect(await rowOf(admin, item.id, zonaRio)).toMatchObject({
      max: 0,
      min: 9,
      mmId: id,
      color: 'volcano',
    });
  });

  it('refuses min above max (400 code 7) unless max is 0, and a second record (400 code 8)', async () => {
    const item = await newProduct();
    const over = await maxMin(admin, { productId: item.id, branchId: playas, max: 3, min: 4 });
    expect([over.status, over.body.code]).toEqual([400, 7]);
    expect(over.body.message).toBe('La cantidad mínima no puede ser mayor a la cantidad máxima');
    const noLimit = await maxMin(admin, { productId: item.id, branchId: playas, max: 0, min: 4 });
    expect(noLimit.status).toBe(201);
    const twice = await maxMin(admin, { productId: item.id, branchId: playas, max: 10, min: 1 });
    expect([twice.status, twice.body.code]).toEqual([400, 8]);
    const badUpdate = await update(admin, noLimit.body.data.id, { max: 2, min: 5 });
    expect([badUpdate.status, badUpdate.body.code]).toEqual([400, 7]);
    expect((await getMaxMin(admin, noLimit.body.data.id)).body.data).toMatchObject({
      max: 0,
      min: 4,
    });
    const unknown = await getMaxMin(admin, 999_999);
    expect([unknown.status, unknown.body.code]).toEqual([404, 27]);
    const unknownProduct = await maxMin(admin, {
      productId: 999_999,
      branchId: playas,
      max: 1,
      min: 0,
    });
    expect([unknownProduct.status, unknownProduct.body.code]).toEqual([404, 13]);
  });

  it('needs inventory.maxmin and keeps branch-fixed roles to their branch', async () => {
    const item = await newProduct();
    const created = await maxMin(admin, { productId: item.id, branchId: playas, max: 5, min: 1 });
    for (const token of [manager, franchisee, medic]) {
      const refused = await maxMin(token, {
        productId: item.id,
        branchId: zonaRio,
        max: 5,
        min: 1,
      });
      expect(refused.status).toBe(403);
      expect((await update(token, created.body.data.id, { max: 9, min: 1 })).status).toBe(403);
    }
    // Reading needs show or maxmin, and another branch's record does not exist for a fixed role.
    const foreign = await getMaxMin(manager, created.body.data.id);
    expect([foreign.status, foreign.body.code]).toEqual([404, 27]);
    expect((await getMaxMin(franchisee, created.body.data.id)).status).toBe(200);
  });
});
