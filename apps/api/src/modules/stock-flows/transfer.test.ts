import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Transfer } from './transfer-read';
import { auditLog, stock, stockMovement, transfer, transferProduct } from '../../db/schema';
import { moveStock } from '../inventory/ledger';
import { call, type DemoRole, type TestApp } from '../../test/harness';
import { stockFlowFixture } from './flow-fixture';
import { onPostgres } from '../../test/races';
import { DEFAULT_PRIVILEGES } from '@clinica/domain';

/**
 * Transfers between branches (spec 001 §3–§6, CONTRACT §9) through HTTP: every step and every
 * refusal, the ledger after each (each lot equals its movements; units are neither lost nor
 * created), the privileges of the seven roles and the branch scope; on PostgreSQL, concurrent
 * approvals.
 */

const fixture = stockFlowFixture({
  roles: [
    'superAdmin',
    'logisticsManager',
    'branchManager',
    'operationalManager',
    'franchisee',
    'medic',
    'cosmetologist',
  ],
  lotPrefix: 'TST-',
  documents: (db) =>
    Promise.all([
      db
        .select({ id: transfer.id, status: transfer.status, deletedAt: transfer.deletedAt })
        .from(transfer)
        .orderBy(asc(transfer.id)),
      db.select().from(transferProduct).orderBy(asc(transferProduct.id)),
    ]),
});
const { newLot, quantityOf, expectBalanced, expectRefused } = fixture;
let t: TestApp;
let tokens: Record<DemoRole, string>;
let cedis: number;
let zonaRio: number;
let playas: number;
let mexicali: number;
let gloves: number;
let serum: number;
beforeAll(() => {
  ({ t, tokens, cedis, zonaRio, playas, mexicali, gloves, serum } = fixture.world);
});

/** Units of a product in every lot, in transit and lost in transit: constant while they move. */
async function unitsOf(productId: number) {
  const [lots] = await t.app.db
    .select({ n: sql<number>`coalesce(sum(${stock.quantity}), 0)::int` })
    .from(stock)
    .where(eq(stock.productId, productId));
  const [transit] = await t.app.db
    .select({ n: sql<number>`coalesce(sum(${transferProduct.stockedQuantity}), 0)::int` })
    .from(transferProduct)
    .innerJoin(transfer, eq(transfer.id, transferProduct.transferId))
    .where(and(eq(transferProduct.productId, productId), eq(transfer.status, 'En transito')));
  const [lost] = await t.app.db
    .select({ n: sql<number>`coalesce(sum(${stockMovement.quantity}), 0)::int` })
    .from(stockMovement)
    .where(and(eq(stockMovement.productId, productId), eq(stockMovement.cause, 'transit-loss')));
  return lots!.n + transit!.n + lost!.n;
}

const movementsOf = (id: number) =>
  t.app.db
    .select({
      stockId: stockMovement.stockId,
      quantity: stockMovement.quantity,
      cause: stockMovement.cause,
      documentNumber: stockMovement.documentNumber,
      branchId: stockMovement.branchId,
    })
    .from(stockMovement)
    .where(and(eq(stockMovement.documentType, 'transfer'), eq(stockMovement.documentId, id)))
    .orderBy(asc(stockMovement.id));

const create = (token: string, body: Record<string, unknown>) =>
  call<Transfer>(t.app, 'POST', '/v1/transfer/create', { token, body });
const act = (
  token: string,
  id: number,
  path: 'approve' | 'confirm' | 'reject' | 'update',
  body: Record<string, unknown> = {},
  method: 'PUT' | 'PATCH' = 'PUT',
) => call<Transfer>(t.app, method, `/v1/transfer/${id}/${path}`, { token, body });
const remove = (token: string, id: number) =>
  call<{ id: number }>(t.app, 'DELETE', `/v1/transfer/${id}/delete`, { token });
const detail = (token: string, id: number) =>
  call<Transfer>(t.app, 'GET', `/v1/transfer/${id}`, { token });

/** A transfer from Zona Río by its branch manager, of the given lots. */
async function sent(lines: [stockId: number, quantity: number][], destiny = mexicali) {
  const answer = await create(tokens.branchManager, {
    originBranchId: zonaRio,
    destinyBranchId: destiny,
    comments: 'Reposición entre sucursales',
    transferProducts: lines.map(([stockId, stockedQuantity]) => ({ stockId, stockedQuantity })),
  });
  expect(answer.status).toBe(201);
  return answer.body.data;
}

const lineIds = (record: Transfer) => record.transferProducts.map((line) => line.id);

describe('the demo transfers (seed)', () => {
  it('holds one in every state, made through the service with their movements and history', async () => {
    const rows = await t.app.db
      .select({ id: transfer.id, status: transfer.status, hasDifference: transfer.hasDifference })
      .from(transfer);
    expect(new Set(rows.map((row) => row.status))).toEqual(
      new Set(['En proceso', 'En transito', 'Terminada', 'Rechazada', 'Eliminada']),
    );
    expect(rows.some((row) => row.status === 'Terminada' && row.hasDifference)).toBe(true);
    const causes = await t.app.db
      .selectDistinct({ cause: stockMovement.cause })
      .from(stockMovement)
      .where(eq(stockMovement.documentType, 'transfer'));
    expect(causes.map((row) => row.cause).sort()).toEqual([
      'transfer',
      'transfer-reversal',
      'transit-loss',
    ]);
    const [logged] = await t.app.db
      .select({ n: sql<number>`count(distinct ${auditLog.recordId})::int` })
      .from(auditLog)
      .where(eq(auditLog.module, 'transfers'));
    expect(logged!.n).toBe(rows.length);
    await expectBalanced();
  });
});

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
          product: { sku: 'IN-GUANT' },
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

/** A transfer from Mexicali to Zona Río, approved, with the given lines. */
async function inTransitToZonaRio(lines: [stockId: number, quantity: number][]) {
  const created = await create(tokens.logisticsManager, {
    originBranchId: mexicali,
    destinyBranchId: zonaRio,
    transferProducts: lines.map(([stockId, stockedQuantity]) => ({ stockId, stockedQuantity })),
  });
  expect(created.status).toBe(201);
  const approved = await act(tokens.superAdmin, created.body.data.id, 'approve', {
    transferProducts: lineIds(created.body.data).map((id, index) => ({
      id,
      stockedQuantity: lines[index]![1],
    })),
  });
  expect(approved.status).toBe(200);
  return approved.body.data;
}

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

describe('the list, the detail and the PDF', () => {
  it('shows branch-fixed roles only the transfers their branch sends or receives', async () => {
    const lot = await newLot(mexicali, serum, 10);
    const elsewhere = await create(tokens.superAdmin, {
      originBranchId: mexicali,
      destinyBranchId: playas,
      transferProducts: [{ stockId: lot, stockedQuantity: 1 }],
    });
    const incoming = await create(tokens.superAdmin, {
      originBranchId: mexicali,
      destinyBranchId: zonaRio,
      transferProducts: [{ stockId: lot, stockedQuantity: 1 }],
    });
    const list = (token: string, query: Record<string, string> = {}) =>
      call<{ items: Transfer[]; meta: { itemCount: number } }>(t.app, 'GET', '/v1/transfer', {
        token,
        query: { take: '100', ...query },
      });
    for (const role of ['branchManager', 'operationalManager'] as const) {
      const items = (await list(tokens[role])).body.data.items;
      expect(items.length).toBeGreaterThan(0);
      expect(
        items.every((item) => item.originBranchId === zonaRio || item.destinyBranchId === zonaRio),
      ).toBe(true);
      expect(items.map((item) => item.id)).toContain(incoming.body.data.id);
      expect(items.map((item) => item.id)).not.toContain(elsewhere.body.data.id);
      // Asking for another branch's transfers does not widen the scope.
      const asked = (
        await list(tokens[role], {
          originBranchId: String(mexicali),
          destinyBranchId: String(playas),
        })
      ).body.data.items;
      expect(asked).toEqual([]);
      expect((await detail(tokens[role], elsewhere.body.data.id)).body).toMatchObject({
        statusCode: 404,
        code: 20,
      });
      expect(
        (
          await call(t.app, 'GET', `/v1/transfer/${elsewhere.body.data.id}/download`, {
            token: tokens[role],
          })
        ).status,
      ).toBe(404);
    }
    const franchise = (await list(tokens.franchisee)).body.data.items;
    expect(franchise.map((item) => item.id)).toContain(elsewhere.body.data.id);
    expect(
      franchise.every((item) => item.originBranchId === playas || item.destinyBranchId === playas),
    ).toBe(true);
    for (const role of ['medic', 'cosmetologist'] as const)
      expect((await list(tokens[role])).status).toBe(403);

    const filtered = (
      await list(tokens.superAdmin, {
        originBranchId: String(mexicali),
        destinyBranchId: String(playas),
        orderStatus: 'En proceso',
      })
    ).body.data.items;
    expect(filtered.map((item) => item.id)).toContain(elsewhere.body.data.id);
    expect(
      filtered.every(
        (item) =>
          item.originBranchId === mexicali &&
          item.destinyBranchId === playas &&
          item.status === 'En proceso',
      ),
    ).toBe(true);
    const number = elsewhere.body.data.transferNumber;
    for (const value of [elsewhere.body.data.folio, `tr${number}`, String(number)]) {
      const found = (await list(tokens.superAdmin, { search: JSON.stringify({ value }) })).body.data
        .items;
      expect(found.map((item) => item.id)).toEqual([elsewhere.body.data.id]);
    }
    const byBranch = (
      await list(tokens.superAdmin, {
        search: JSON.stringify({ field: 'destinyBranch', value: 'playas' }),
      })
    ).body.data.items;
    expect(byBranch.length).toBeGreaterThan(0);
    expect(byBranch.every((item) => item.destinyBranchId === playas)).toBe(true);
    const today = (
      await list(tokens.superAdmin, { startDate: '2026-11-20', endDate: '2026-11-20' })
    ).body.data.items;
    expect(today.map((item) => item.id)).toContain(elsewhere.body.data.id);
    const before = (await list(tokens.superAdmin, { endDate: '2026-11-19' })).body.data.items;
    expect(before.map((item) => item.id)).not.toContain(elsewhere.body.data.id);
    const sorted = (await list(tokens.superAdmin, { field: 'transferNumber', order: 'ASC' })).body
      .data.items;
    expect(sorted.map((item) => item.transferNumber)).toEqual(
      [...sorted.map((item) => item.transferNumber)].sort((a, b) => a - b),
    );
    expect((await list(tokens.superAdmin, { field: 'comments' })).status).toBe(400);
  });

  it('prints the transfer as a PDF in Spanish', async () => {
    const lot = await newLot(mexicali, gloves, 9, '2027-02-28');
    const record = await inTransitToZonaRio([[lot, 6]]);
    await act(tokens.branchManager, record.id, 'confirm', {
      transferProducts: [{ id: lineIds(record)[0], receivedQuantity: 5 }],
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/transfer/${record.id}/download`,
      headers: { authorization: `Bearer ${tokens.branchManager}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${record.folio}.pdf"`);
    const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    const [origin] = await t.app.db.select().from(stock).where(eq(stock.id, lot));
    for (const expected of [
      `Transferencia ${record.folio}`,
      'Sucursal de origen',
      'Mexicali Centro',
      'Zona Río',
      'Terminada',
      'Daniela Castro',
      'Luis Herrera',
      'IN-GUANT',
      origin!.allotment,
      '28-02-2027',
      'Enviada',
      'Recibida',
      'merma en tránsito',
    ])
      expect(text).toContain(expected);
    // Without `transfers.reports`, no PDF.
    const medic = await call(t.app, 'GET', `/v1/transfer/${record.id}/download`, {
      token: tokens.medic,
    });
    expect(medic.status).toBe(403);
  });
});

describe('privileges of the seven roles', () => {
  it('lets create only the roles with transfers.create', async () => {
    const lot = await newLot(zonaRio, gloves, 50);
    const expected: Record<DemoRole, number> = {
      superAdmin: 201,
      logisticsManager: 201,
      branchManager: 201,
      operationalManager: 201,
      franchisee: 403,
      medic: 403,
      cosmetologist: 403,
    };
    for (const [role, status] of Object.entries(expected) as [DemoRole, number][]) {
      const answer = await create(tokens[role], {
        originBranchId: zonaRio,
        destinyBranchId: mexicali,
        transferProducts: [{ stockId: lot, stockedQuantity: 1 }],
      });
      expect({ role, status: answer.status }).toEqual({ role, status });
    }
    const readers: Record<DemoRole, number> = {
      superAdmin: 200,
      logisticsManager: 200,
      branchManager: 200,
      operationalManager: 200,
      franchisee: 200,
      medic: 403,
      cosmetologist: 403,
    };
    for (const [role, status] of Object.entries(readers) as [DemoRole, number][])
      expect({
        role,
        status: (await call(t.app, 'GET', '/v1/transfer', { token: tokens[role] })).status,
      }).toEqual({ role, status });
    void cedis;
  });

  it('lets an approver read the origin lots to set the quantities to send, without inventory', async () => {
    // The screen's review shows what each lot holds: a role that only approves transfers reads it.
    const roles = await call<{ id: number; key: string }[]>(t.app, 'GET', '/v1/role', {
      token: tokens.superAdmin,
    });
    const role = roles.body.data.find((candidate) => candidate.key === 'cosmetologist')!;
    const setMap = (privileges: Record<string, string[]>) =>
      call(t.app, 'PUT', `/v1/role/${role.id}/update`, {
        token: tokens.superAdmin,
        body: { privileges },
      });
    const lots = () =>
      call<{ branchId: number }[]>(t.app, 'GET', '/v1/stock/get-stock-by-branch-id', {
        token: tokens.cosmetologist,
      });
    try {
      expect((await setMap({ transfers: ['view', 'show'] })).status).toBe(200);
      expect((await lots()).status).toBe(403);
      expect((await setMap({ transfers: ['view', 'show', 'approve'] })).status).toBe(200);
      const answer = await lots();
      expect(answer.status).toBe(200);
      expect(answer.body.data.length).toBeGreaterThan(0);
      expect(answer.body.data.every((lot) => lot.branchId === zonaRio)).toBe(true);
    } finally {
      await setMap(DEFAULT_PRIVILEGES.cosmetologist as Record<string, string[]>);
    }
  });
});

describe.runIf(onPostgres)('concurrent steps on PostgreSQL (CONTRACT §7)', () => {
  it('approves a transfer once of 10 concurrent approvals: its units leave once', async () => {
    const lot = await newLot(zonaRio, gloves, 30);
    const record = await sent([[lot, 7]]);
    const body = { transferProducts: [{ id: lineIds(record)[0], stockedQuantity: 7 }] };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => act(tokens.superAdmin, record.id, 'approve', body)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      200,
      ...Array<number>(9).fill(409),
    ]);
    expect(
      answers.filter((answer) => answer.status === 409).every((answer) => answer.body.code === 30),
    ).toBe(true);
    expect(await quantityOf(lot)).toBe(23);
    expect(await movementsOf(record.id)).toHaveLength(1);
    await expectBalanced();
  });

  it('of two transfers asking more than a lot holds, one is approved and the other is 422', async () => {
    const lot = await newLot(zonaRio, serum, 10);
    const first = await sent([[lot, 7]]);
    const second = await sent([[lot, 6]], playas);
    const units = await unitsOf(serum);
    const answers = await Promise.all(
      [first, second].map((record) =>
        act(tokens.logisticsManager, record.id, 'approve', {
          transferProducts: [
            {
              id: lineIds(record)[0],
              stockedQuantity: record.transferProducts[0]!.stockedQuantity,
            },
          ],
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    expect(answers.find((answer) => answer.status === 422)!.body.code).toBe(1);
    const left = await quantityOf(lot);
    expect([3, 4]).toContain(left);
    expect(await unitsOf(serum)).toBe(units);
    await expectBalanced();
  });

  it('approves or deletes one En proceso, never both: units leave only if it was approved', async () => {
    const lot = await newLot(zonaRio, gloves, 10);
    const record = await sent([[lot, 4]]);
    const [approve, removal] = await Promise.all([
      act(tokens.logisticsManager, record.id, 'approve', {
        transferProducts: [{ id: lineIds(record)[0], stockedQuantity: 4 }],
      }),
      remove(tokens.superAdmin, record.id),
    ]);
    expect([approve.status, removal.status].sort()).toEqual([200, 409]);
    const [row] = await t.app.db.select().from(transfer).where(eq(transfer.id, record.id));
    if (approve.status === 200) {
      expect(removal.body.code).toBe(34);
      expect(row!.status).toBe('En transito');
      expect(await quantityOf(lot)).toBe(6);
    } else {
      expect(approve.body.code).toBe(33);
      expect(row!.status).toBe('Eliminada');
      expect(await quantityOf(lot)).toBe(10);
    }
    await expectBalanced();
  });

  it('confirms and rejects one in transit exclusively: its units arrive or return, never both', async () => {
    const lot = await newLot(mexicali, gloves, 8);
    const units = await unitsOf(gloves);
    const record = await inTransitToZonaRio([[lot, 8]]);
    const [confirm, reject] = await Promise.all([
      act(tokens.logisticsManager, record.id, 'confirm', {
        transferProducts: [{ id: lineIds(record)[0], receivedQuantity: 8 }],
      }),
      act(tokens.superAdmin, record.id, 'reject', {}),
    ]);
    expect([confirm.status, reject.status].sort()).toEqual([200, 409]);
    expect(await unitsOf(gloves)).toBe(units);
    await expectBalanced();
  });
});
