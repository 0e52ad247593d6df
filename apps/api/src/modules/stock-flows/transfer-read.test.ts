import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Transfer } from './transfer-read';
import { stock } from '../../db/schema';
import { call, type DemoRole } from '../../test/harness';
import { DEFAULT_PRIVILEGES } from '@clinica/domain';
import {
  act,
  cedis,
  create,
  detail,
  gloves,
  glovesSku,
  inTransitToZonaRio,
  lineIds,
  mexicali,
  newLot,
  playas,
  serum,
  t,
  tokens,
  zonaRio,
  useTransferWorld,
} from './transfer.fixture';

useTransferWorld();

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
      glovesSku,
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
