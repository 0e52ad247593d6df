import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { NotFound, type SaleOrderRecord } from '@clinica/domain';
import { receiveStock } from '../inventory/ledger';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { catalogueProduct, type CatalogueProduct } from '../../test/factories';

/** The sale order's PDF (spec 001 §2, §7; `saleOrder.show`): a real document whose text reads back. */

let t: TestApp;
let token: string;
let serum: CatalogueProduct;
let order: SaleOrderRecord;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signInAs(t.app, 'logisticsManager')).token;
  const cedis = await branchId(t.app, 'CEDIS');
  serum = await catalogueProduct(t.app, 'Cosmetólogo/Venta');
  const lot = await t.app.db.transaction((tx) =>
    receiveStock(
      tx,
      { branchId: cedis, productId: serum.id, allotment: 'LOTE-PDF-SO', expiresIn: '2027-04-30' },
      { quantity: 40, cause: 'adjustment', document: { type: 'test' }, userId: null },
    ),
  );
  const answer = await call<SaleOrderRecord>(t.app, 'POST', '/v1/sale-order/create', {
    token,
    body: {
      name: 'Spa Bahía Azul S.A. de C.V.',
      rfc: 'SBA150612QK3',
      phone: '6641234567',
      note: 'NOTA-PDF-5',
      comments: 'Factura a nombre del corporativo de Ensenada',
      saleOrderProducts: [{ stockId: lot.stockId, quantity: 12, price: 1025.5 }],
    },
  });
  expect(answer.status).toBe(201);
  order = answer.body.data;
});
afterAll(async () => {
  await t?.close();
});

const download = (id: number, who = token) =>
  t.app.inject({
    method: 'GET',
    url: `/v1/sale-order/${id}/download`,
    headers: { authorization: `Bearer ${who}` },
  });

describe('GET /sale-order/{id}/download', () => {
  it('answers a PDF, inline, named by the order number, with the customer, its lines and total', async () => {
    const answer = await download(order.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(`inline; filename="${order.folio}.pdf"`);
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await getDocumentProxy(new Uint8Array(answer.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    for (const expected of [
      `Orden de venta ${order.folio}`,
      'Razón social',
      'Spa Bahía Azul S.A. de C.V.',
      'SBA150612QK3',
      '(664)123-4567',
      'Número de nota',
      'NOTA-PDF-5',
      'CEDIS',
      'Luis Herrera',
      serum.sku,
      'LOTE-PDF-SO',
      '30-04-2027',
      '$1,025.50',
      '$12,306.00',
      'corporativo de Ensenada',
    ])
      expect(text).toContain(expected);
  });

  it('answers 404 code 36 for an unknown order and 403 without saleOrder.show', async () => {
    const missing = await download(999_999);
    expect([missing.statusCode, missing.json().code]).toEqual([404, NotFound.saleOrder]);
    const manager = (await signInAs(t.app, 'branchManager')).token;
    expect((await download(order.id, manager)).statusCode).toBe(403);
  });
});
