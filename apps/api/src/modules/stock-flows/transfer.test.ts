import { describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Transfer } from './transfer-read';
import { auditLog, stock, transfer } from '../../db/schema';
import { moveStock } from '../inventory/ledger';
import { call } from '../../test/harness';
import {
  act,
  create,
  detail,
  expectBalanced,
  expectRefused,
  gloves,
  glovesSku,
  inTransitToZonaRio,
  lineIds,
  mexicali,
  movementsOf,
  newLot,
  playas,
  quantityOf,
  remove,
  sent,
  serum,
  t,
  tokens,
  unitsOf,
  zonaRio,
  useTransferWorld,
} from './transfer.fixture';

/**
 * Transfers between branches (spec 001 §3–§6, CONTRACT §9) through HTTP: every step and every
 * refusal, the ledger after each (each lot equals its movements; units are neither lost nor
 * created), the privileges of the seven roles and the branch scope
 * (transfer-read.test.ts); on PostgreSQL, concurrent approvals (transfer-races.test.ts).
 */

useTransferWorld();

describe('creating a transfer (CONTRACT §9)', () => {
  it('creates it En proceso with its number, lines and lots; no unit moves yet', async () => {
    const lot = await newLot(zonaRio, gloves, 20);
    const units = await unitsOf(gloves);
    const record = await sent([[lot, 8]]);
    expect(record).toMatchObject({
      status: 'En proceso',
      originBranch: { id: zonaRio, name: 'Zona Río' },
      destinyBranch: { id: mexicali, name: 'Mexicali Centro' },
      createdBy: { name: 'Daniela', lastName: 'Castro' },
      approvedBy: null,
      hasDifference: false,
      comments: 'Reposición entre sucursales',
      transferProducts: [
        {
          stockId: lot,
          productId: gloves,
          product: { sku: glovesSku },
          productStock: {
            id: lot,
            allotment: expect.stringMatching(/^TST-/),
            expiresIn: '2027-08-31',
          },
          stockedQuantity: 8,
          receivedQuantity: null,
        },
      ],
    });
    expect(record.folio).toBe(`TR-${String(record.transferNumber).padStart(6, '0')}`);
    expect(await quantityOf(lot)).toBe(20);
    expect(await movementsOf(record.id)).toEqual([]);
    expect(await unitsOf(gloves)).toBe(units);
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.module, 'transfers'), eq(auditLog.recordId, record.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'create',
      orderNumber: record.folio,
      stockId: lot,
      productId: gloves,
      originBranchId: zonaRio,
      destinationBranchId: mexicali,
      branchId: zonaRio,
    });
    expect(entries[0]!.changes).toMatchObject({
      status: { before: null, after: 'En proceso' },
      stockedQuantity: { before: null, after: 8 },
    });
    await expectBalanced();
  });

  it('refuses the same branch, a lot twice, a foreign lot, too many units, another origin', async () => {
    const lot = await newLot(zonaRio, gloves, 5);
    const foreign = await newLot(mexicali, gloves, 5);
    const body = (over: Record<string, unknown>) => ({
      originBranchId: zonaRio,
      destinyBranchId: mexicali,
      transferProducts: [{ stockId: lot, stockedQuantity: 2 }],
      ...over,
    });
    const same = await expectRefused(
      () => create(tokens.branchManager, body({ destinyBranchId: zonaRio })),
      400,
      0,
    );
    expect(same.body.details).toContainEqual({
      field: 'destinyBranchId',
      message: 'La sucursal de destino debe ser distinta a la de origen',
    });
    const twice = await expectRefused(
      () =>
        create(
          tokens.branchManager,
          body({
            transferProducts: [
              { stockId: lot, stockedQuantity: 1 },
              { stockId: lot, stockedQuantity: 1 },
            ],
          }),
        ),
      400,
      0,
    );
    expect(twice.body.details).toContainEqual({
      field: 'transferProducts.1.stockId',
      message: 'Un lote solo puede aparecer una vez',
    });
    await expectRefused(
      () =>
        create(
          tokens.logisticsManager,
          body({ transferProducts: [{ stockId: foreign, stockedQuantity: 1 }] }),
        ),
      404,
      1,
    );
    await expectRefused(
      () =>
        create(
          tokens.logisticsManager,
          body({ transferProducts: [{ stockId: 2_000_000, stockedQuantity: 1 }] }),
        ),
      404,
      1,
    );
    const short = await expectRefused(
      () =>
        create(
          tokens.branchManager,
          body({ transferProducts: [{ stockId: lot, stockedQuantity: 6 }] }),
        ),
      422,
      1,
    );
    expect(short.body.message).toBe('Inventario insuficiente');
    // A branch manager sends from their own branch only: another origin does not exist for them.
    await expectRefused(
      () =>
        create(
          tokens.branchManager,
          body({
            originBranchId: mexicali,
            destinyBranchId: playas,
            transferProducts: [{ stockId: foreign, stockedQuantity: 1 }],
          }),
        ),
      404,
      6,
    );
    await expectRefused(
      () => create(tokens.logisticsManager, body({ destinyBranchId: 2_000_000 })),
      404,
      6,
    );
    await expectBalanced();
  });
});

describe('editing a transfer (only En proceso, only at the origin)', () => {
  it('changes comments and lines; fields left out keep their values', async () => {
    const a = await newLot(zonaRio, gloves, 10);
    const b = await newLot(zonaRio, serum, 10);
    const record = await sent([[a, 3]]);
    const edited = await act(tokens.branchManager, record.id, 'update', {
      comments: 'Con suero',
      transferProducts: [
        { stockId: a, stockedQuantity: 4 },
        { stockId: b, stockedQuantity: 2 },
      ],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      comments: 'Con suero',
      destinyBranchId: mexicali,
      transferProducts: [
        { stockId: a, stockedQuantity: 4 },
        { stockId: b, stockedQuantity: 2 },
      ],
    });
    const kept = await act(tokens.branchManager, record.id, 'update', { destinyBranchId: playas });
    expect(kept.body.data).toMatchObject({ comments: 'Con suero', destinyBranchId: playas });
    expect(kept.body.data.transferProducts).toHaveLength(2);
    const entries = await t.app.db
      .select({ action: auditLog.action, stockId: auditLog.stockId, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.module, 'transfers'), eq(auditLog.recordId, record.id)))
      .orderBy(asc(auditLog.id));
    expect(entries.filter((entry) => entry.action === 'update')).toHaveLength(4);
    expect(
      entries.find((entry) => entry.action === 'update' && entry.stockId === b)!.changes,
    ).toMatchObject({ stockedQuantity: { before: null, after: 2 } });
    // A save that changes nothing writes no entry.
    expect((await act(tokens.branchManager, record.id, 'update', {})).status).toBe(200);
    const after = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.module, 'transfers'), eq(auditLog.recordId, record.id)));
    expect(after[0]!.n).toBe(entries.length);
    await expectBalanced();
  });

  it('refuses the destination (403), the same branch, too many units and an approved transfer', async () => {
    const lot = await newLot(mexicali, gloves, 6);
    const created = await create(tokens.logisticsManager, {
      originBranchId: mexicali,
      destinyBranchId: zonaRio,
      transferProducts: [{ stockId: lot, stockedQuantity: 2 }],
    });
    const id = created.body.data.id;
    await expectRefused(() => act(tokens.branchManager, id, 'update', { comments: 'x' }), 403, 0);
    await expectRefused(
      () => act(tokens.superAdmin, id, 'update', { destinyBranchId: mexicali }),
      400,
      0,
    );
    await expectRefused(
      () =>
        act(tokens.superAdmin, id, 'update', {
          transferProducts: [{ stockId: lot, stockedQuantity: 7 }],
        }),
      422,
      1,
    );
    expect(
      (
        await act(tokens.superAdmin, id, 'approve', {
          transferProducts: [{ id: lineIds(created.body.data)[0], stockedQuantity: 2 }],
        })
      ).status,
    ).toBe(200);
    await expectRefused(() => act(tokens.superAdmin, id, 'update', { comments: 'tarde' }), 409, 30);
    await expectBalanced();
  });
});

describe('approving a transfer (transfers.approve)', () => {
  it('takes the units out of the origin lots and puts the transfer En transito', async () => {
    const a = await newLot(zonaRio, gloves, 10);
    const b = await newLot(zonaRio, serum, 7);
    const record = await sent([
      [a, 4],
      [b, 5],
    ]);
    const [lineA, lineB] = lineIds(record);
    const unitsGloves = await unitsOf(gloves);
    const answer = await act(tokens.logisticsManager, record.id, 'approve', {
      transferProducts: [{ id: lineB, stockedQuantity: 6 }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      status: 'En transito',
      approvedBy: { name: 'Luis', lastName: 'Herrera' },
      approvedAt: '2026-11-20T17:00:00.000Z',
      transferProducts: [
        { id: lineA, stockedQuantity: 4 },
        { id: lineB, stockedQuantity: 6 },
      ],
    });
    expect(await quantityOf(a)).toBe(6);
    expect(await quantityOf(b)).toBe(1);
    expect(await movementsOf(record.id)).toEqual([
      {
        stockId: a,
        quantity: -4,
        cause: 'transfer',
        documentNumber: record.folio,
        branchId: zonaRio,
      },
      {
        stockId: b,
        quantity: -6,
        cause: 'transfer',
        documentNumber: record.folio,
        branchId: zonaRio,
      },
    ]);
    expect(await unitsOf(gloves)).toBe(unitsGloves);
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.module, 'transfers'),
          eq(auditLog.recordId, record.id),
          eq(auditLog.action, 'approve'),
        ),
      );
    expect(entries.map((entry) => entry.stockId).sort()).toEqual([a, b].sort());
    expect(entries.find((entry) => entry.stockId === b)!.changes).toMatchObject({
      status: { before: 'En proceso', after: 'En transito' },
      stockedQuantity: { before: 5, after: 6 },
    });
    await expectBalanced();
    // Approved once: a second approval is refused and moves nothing.
    await expectRefused(
      () =>
        act(tokens.superAdmin, record.id, 'approve', {
          transferProducts: [{ id: lineA, stockedQuantity: 1 }],
        }),
      409,
      30,
    );
  });

  it('refuses a lot that now holds less (422 code 1): nothing changes', async () => {
    const a = await newLot(zonaRio, gloves, 10);
    const b = await newLot(zonaRio, serum, 10);
    const record = await sent([
      [a, 3],
      [b, 9],
    ]);
    // Meanwhile 5 units of b leave (a drop): the transfer asks 9 of 5.
    await t.app.db.transaction((tx) =>
      moveStock(tx, { stockId: b, quantity: -5, cause: 'adjustment', userId: null }),
    );
    const [lineA] = lineIds(record);
    await expectRefused(
      () =>
        act(tokens.superAdmin, record.id, 'approve', {
          transferProducts: [{ id: lineA, stockedQuantity: 3 }],
        }),
      422,
      1,
    );
    expect(await quantityOf(a)).toBe(10);
    expect((await detail(tokens.superAdmin, record.id)).body.data.status).toBe('En proceso');
    await expectBalanced();
  });

  it('refuses lines of another transfer and repeated lines (400), and branch roles (403)', async () => {
    const a = await newLot(zonaRio, gloves, 10);
    const one = await sent([[a, 1]]);
    const other = await sent([[a, 1]]);
    const foreignLine = lineIds(other)[0];
    const bad = await expectRefused(
      () =>
        act(tokens.superAdmin, one.id, 'approve', {
          transferProducts: [{ id: foreignLine, stockedQuantity: 1 }],
        }),
      400,
      0,
    );
    expect(bad.body.details![0]!.field).toBe('transferProducts.0.id');
    const [line] = lineIds(one);
    await expectRefused(
      () =>
        act(tokens.superAdmin, one.id, 'approve', {
          transferProducts: [
            { id: line, stockedQuantity: 1 },
            { id: line, stockedQuantity: 1 },
          ],
        }),
      400,
      0,
    );
    for (const role of [
      'branchManager',
      'operationalManager',
      'franchisee',
      'medic',
      'cosmetologist',
    ] as const)
      await expectRefused(
        () =>
          act(tokens[role], one.id, 'approve', {
            transferProducts: [{ id: line, stockedQuantity: 1 }],
          }),
        403,
        0,
      );
  });
});

describe('confirming a transfer at the destination', () => {
  it('joins the received units to the destination lot of the same allotment and expiry; the rest is a transit loss', async () => {
    const a = await newLot(mexicali, gloves, 12, '2027-03-31');
    const b = await newLot(mexicali, serum, 9, '2027-05-31');
    const unitsGloves = await unitsOf(gloves);
    const unitsSerum = await unitsOf(serum);
    const record = await inTransitToZonaRio([
      [a, 10],
      [b, 4],
    ]);
    expect(await unitsOf(gloves)).toBe(unitsGloves);
    const [lineA, lineB] = lineIds(record);
    const confirmed = await act(tokens.branchManager, record.id, 'confirm', {
      transferProducts: [
        { id: lineA, receivedQuantity: 7 },
        { id: lineB, receivedQuantity: 4 },
      ],
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({
      status: 'Terminada',
      hasDifference: true,
      acceptedBy: { name: 'Daniela' },
      acceptedAt: '2026-11-20T17:00:00.000Z',
      transferProducts: [
        { id: lineA, stockedQuantity: 10, receivedQuantity: 7 },
        { id: lineB, stockedQuantity: 4, receivedQuantity: 4 },
      ],
    });
    const arrived = await t.app.db
      .select()
      .from(stock)
      .where(and(eq(stock.branchId, zonaRio), inArray(stock.productId, [gloves, serum])));
    const [origin] = await t.app.db.select().from(stock).where(eq(stock.id, a));
    const landed = arrived.find(
      (lot) => lot.allotment === origin!.allotment && lot.expiresIn === '2027-03-31',
    )!;
    expect(landed.quantity).toBe(7);
    const movements = await movementsOf(record.id);
    expect(movements.filter((m) => m.cause === 'transit-loss')).toEqual([
      {
        stockId: a,
        quantity: 3,
        cause: 'transit-loss',
        documentNumber: record.folio,
        branchId: mexicali,
      },
    ]);
    expect(movements.filter((m) => m.quantity > 0 && m.cause === 'transfer')).toHaveLength(2);
    expect(await unitsOf(gloves)).toBe(unitsGloves);
    expect(await unitsOf(serum)).toBe(unitsSerum);
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.recordId, record.id),
          eq(auditLog.module, 'transfers'),
          eq(auditLog.action, 'confirm'),
        ),
      );
    expect(entries).toHaveLength(2);
    expect(
      entries.every((entry) => entry.branchId === zonaRio && entry.orderNumber === record.folio),
    ).toBe(true);
    await expectBalanced();
    // Finished: nothing more.
    await expectRefused(
      () =>
        act(tokens.branchManager, record.id, 'confirm', {
          transferProducts: [
            { id: lineA, receivedQuantity: 1 },
            { id: lineB, receivedQuantity: 1 },
          ],
        }),
      409,
      30,
    );
    await expectRefused(() => act(tokens.superAdmin, record.id, 'reject', {}), 409, 30);
  });

  it('refuses more than was sent (400 naming the line), a missing line, and the wrong side', async () => {
    const a = await newLot(mexicali, gloves, 5);
    const record = await inTransitToZonaRio([[a, 5]]);
    const [line] = lineIds(record);
    const more = await expectRefused(
      () =>
        act(tokens.branchManager, record.id, 'confirm', {
          transferProducts: [{ id: line, receivedQuantity: 6 }],
        }),
      400,
      0,
    );
    expect(more.body.details).toEqual([
      {
        field: 'transferProducts.0.receivedQuantity',
        message: `La cantidad recibida (6) de la línea ${line} excede la enviada (5)`,
      },
    ]);
    // Zona Río sends to Mexicali: its branch manager is the origin and may not confirm (403).
    const lot = await newLot(zonaRio, gloves, 3);
    const outgoing = await sent([[lot, 3]]);
    await act(tokens.superAdmin, outgoing.id, 'approve', {
      transferProducts: [{ id: lineIds(outgoing)[0], stockedQuantity: 3 }],
    });
    await expectRefused(
      () =>
        act(tokens.branchManager, outgoing.id, 'confirm', {
          transferProducts: [{ id: lineIds(outgoing)[0], receivedQuantity: 3 }],
        }),
      403,
      0,
    );
    // The franchisee (Playas) reaches neither branch: 404 (and has no edit privilege: 403 first).
    await expectRefused(
      () =>
        act(tokens.franchisee, outgoing.id, 'confirm', {
          transferProducts: [{ id: 1, receivedQuantity: 1 }],
        }),
      403,
      0,
    );
    // A role that sees every branch confirms for the destination.
    const all = await act(tokens.logisticsManager, outgoing.id, 'confirm', {
      transferProducts: [{ id: lineIds(outgoing)[0], receivedQuantity: 0 }],
    });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ status: 'Terminada', hasDifference: true });
    await expectBalanced();
  });

  it('refuses before approval (29) and after rejection (33)', async () => {
    const a = await newLot(zonaRio, gloves, 5);
    const record = await sent([[a, 2]]);
    const body = { transferProducts: [{ id: lineIds(record)[0], receivedQuantity: 2 }] };
    await expectRefused(() => act(tokens.logisticsManager, record.id, 'confirm', body), 409, 29);
    // The screen may reject without a body: the reason is optional.
    const rejected = await call<Transfer>(t.app, 'PATCH', `/v1/transfer/${record.id}/reject`, {
      token: tokens.superAdmin,
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'Rechazada', rejectReason: null });
    await expectRefused(() => act(tokens.logisticsManager, record.id, 'confirm', body), 409, 33);
  });
});

describe('rejecting a transfer (PUT or PATCH, transfers.approve)', () => {
  it('rejects one En proceso without moving units, and refuses it twice (33)', async () => {
    const a = await newLot(zonaRio, gloves, 5);
    const record = await sent([[a, 2]]);
    const answer = await act(
      tokens.superAdmin,
      record.id,
      'reject',
      { reason: 'Duplicada' },
      'PATCH',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      status: 'Rechazada',
      rejectReason: 'Duplicada',
      rejectedBy: { name: 'Alejandra' },
      rejectedAt: '2026-11-20T17:00:00.000Z',
    });
    expect(await movementsOf(record.id)).toEqual([]);
    await expectRefused(() => act(tokens.superAdmin, record.id, 'reject', {}), 409, 33);
    await expectRefused(
      () =>
        act(tokens.superAdmin, record.id, 'approve', {
          transferProducts: [{ id: lineIds(record)[0], stockedQuantity: 1 }],
        }),
      409,
      33,
    );
    await expectRefused(() => remove(tokens.superAdmin, record.id), 409, 34);
  });

  it('returns the units in transit to their origin lots', async () => {
    const a = await newLot(mexicali, gloves, 9);
    const b = await newLot(mexicali, serum, 9);
    const units = await unitsOf(gloves);
    const record = await inTransitToZonaRio([
      [a, 4],
      [b, 9],
    ]);
    expect(await quantityOf(b)).toBe(0);
    const answer = await act(tokens.logisticsManager, record.id, 'reject', {});
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('Rechazada');
    expect(await quantityOf(a)).toBe(9);
    expect(await quantityOf(b)).toBe(9);
    expect((await movementsOf(record.id)).filter((m) => m.cause === 'transfer-reversal')).toEqual([
      {
        stockId: a,
        quantity: 4,
        cause: 'transfer-reversal',
        documentNumber: record.folio,
        branchId: mexicali,
      },
      {
        stockId: b,
        quantity: 9,
        cause: 'transfer-reversal',
        documentNumber: record.folio,
        branchId: mexicali,
      },
    ]);
    expect(await unitsOf(gloves)).toBe(units);
    await expectBalanced();
    for (const role of ['branchManager', 'operationalManager', 'franchisee'] as const)
      await expectRefused(() => act(tokens[role], record.id, 'reject', {}), 403, 0);
  });
});

describe('deleting a transfer (by the origin, before approval)', () => {
  it('marks it Eliminada and hides it from the list unless asked', async () => {
    const a = await newLot(zonaRio, gloves, 5);
    const record = await sent([[a, 2]]);
    // The destination may not delete it; a role without delete neither.
    const away = await sent([[a, 1]]);
    void away;
    const answer = await remove(tokens.superAdmin, record.id);
    expect(answer.status).toBe(200);
    const [row] = await t.app.db.select().from(transfer).where(eq(transfer.id, record.id));
    expect(row).toMatchObject({ status: 'Eliminada', deletedAt: new Date('2026-11-20T17:00:00Z') });
    const read = await detail(tokens.superAdmin, record.id);
    expect(read.body.data).toMatchObject({
      status: 'Eliminada',
      deleted_at: '2026-11-20T17:00:00.000Z',
    });
    const search = JSON.stringify({ field: 'transferNumber', value: record.folio });
    const hidden = await call<{ items: Transfer[] }>(t.app, 'GET', '/v1/transfer', {
      token: tokens.superAdmin,
      query: { search },
    });
    expect(hidden.body.data.items).toEqual([]);
    const shown = await call<{ items: Transfer[] }>(t.app, 'GET', '/v1/transfer', {
      token: tokens.superAdmin,
      query: { search, withDeleted: 'true' },
    });
    expect(shown.body.data.items.map((item) => item.id)).toEqual([record.id]);
    await expectRefused(() => remove(tokens.superAdmin, record.id), 409, 34);
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.recordId, record.id),
          eq(auditLog.module, 'transfers'),
          eq(auditLog.action, 'delete'),
        ),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.changes).toMatchObject({
      status: { before: 'En proceso', after: 'Eliminada' },
    });
  });

  it('refuses after approval (34), another branch (403) and roles without delete (403)', async () => {
    const a = await newLot(mexicali, gloves, 5);
    const created = await create(tokens.superAdmin, {
      originBranchId: mexicali,
      destinyBranchId: zonaRio,
      transferProducts: [{ stockId: a, stockedQuantity: 2 }],
    });
    const id = created.body.data.id;
    // The logistics manager works at CEDIS: only the origin (or the Super Administrador) deletes.
    await expectRefused(() => remove(tokens.logisticsManager, id), 403, 0);
    await expectRefused(() => remove(tokens.branchManager, id), 403, 0);
    await act(tokens.superAdmin, id, 'approve', {
      transferProducts: [{ id: lineIds(created.body.data)[0], stockedQuantity: 2 }],
    });
    await expectRefused(() => remove(tokens.superAdmin, id), 409, 34);
    expect(
      (await call(t.app, 'POST', `/v1/transfer/${id}/delete`, { token: tokens.superAdmin })).body
        .code,
    ).toBe(34);
    await expectBalanced();
  });
});
