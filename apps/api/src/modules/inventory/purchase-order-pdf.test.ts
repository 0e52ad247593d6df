import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { NotFound, formatMoney, type PurchaseOrderRecord } from '@clinica/domain';
import { product, productType } from '../../db/schema';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { newProvider } from '../../test/factories';

/** The purchase order's PDF (spec 001 §2, §7): a real document whose text reads back. */

let t: TestApp;
let token: string;
let order: PurchaseOrderRecord;
let rfc: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signInAs(t.app, 'logisticsManager')).token;
  const products = await t.app.db
    .select({ id: product.id, type: productType.name })
    .from(product)
    .innerJoin(productType, eq(productType.id, product.productTypeId))
    .where(and(isNotNull(product.approvedAt), isNull(product.deletedAt)))
    .orderBy(asc(product.id));
  const injectable = products.find((row) => row.type === 'Médico/Venta')!;
  const supply = products.find((row) => row.type === 'Insumo')!;
  const seller = await newProvider(t.app, token);
  rfc = seller.rfc;
  const answer = await call<PurchaseOrderRecord>(t.app, 'POST', '/v1/purchase-order/create', {
    token,
    body: {
      invoiceNumber: 'FAC-PDF-77',
      providerId: seller.id,
      payMethod: 'Cheque',
      arrivedAt: '2026-10-05',
      tax: 170.32,
      amount: 1234.5,
      comments: 'Revisar la cadena de frío del ácido hialurónico',
      purchaseOrderProducts: [
        {
          productId: injectable.id,
          quantity: 3,
          price: 300.5,
          allotment: 'LOTE-PDF-9',
          expiresAt: '2027-04-30',
        },
        { productId: supply.id, quantity: 12, price: 12.75 },
      ],
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
    url: `/v1/purchase-order/${id}/download`,
    headers: { authorization: `Bearer ${who}` },
  });

describe('GET /purchase-order/{id}/download', () => {
  it('answers a PDF, inline, named by the order number, whose text has the order, its lots and totals', async () => {
    const answer = await download(order.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(`inline; filename="${order.folio}.pdf"`);
    const bytes = answer.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain(`Orden de compra ${order.folio}`);
    expect(text).toContain(order.provider.name);
    expect(text).toContain(rfc);
    expect(text).toContain('FAC-PDF-77');
    expect(text).toContain('LOTE-PDF-9');
    expect(text).toContain('30-04-2027');
    expect(text).toContain('05-10-2026');
    expect(text).toContain(order.purchaseOrderProducts[0]!.product.sku);
    expect(text).toContain('$1,234.50');
    expect(text).toContain(formatMoney(order.linesTotal));
    expect(text).toContain('$170.32');
    expect(text).toContain('Cheque');
    expect(text).toContain('Pendiente');
    expect(text).toContain('cadena de frío del ácido hialurónico');
  });

  it('answers 404 code 32 for an unknown order and 403 without purchaseOrder.reports', async () => {
    const missing = await download(999_999);
    expect([missing.statusCode, missing.json().code]).toEqual([404, NotFound.purchaseOrder]);
    const manager = (await signInAs(t.app, 'branchManager')).token;
    expect((await download(order.id, manager)).statusCode).toBe(403);
  });
});
