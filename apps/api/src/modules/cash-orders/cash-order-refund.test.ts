import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { Conflict, NotFound, type CashOrderRecord } from '@clinica/domain';
import { auditLog, coupon, cosmetologyCommission, customer, stockMovement } from '../../db/schema';
import { call, signInAs } from '../../test/harness';
import { newCustomer, type SaleWorld } from '../../test/factories';
import { auditTrail } from '../../test/races';
import {
  balanced,
  lotQuantity,
  newLot,
  newProduct,
  refund,
  sell,
  useCashWorld,
  w,
} from './cash-order.fixture';

/**
 * The cash order's refund (CONTRACT §12): the orders' checks and codes (404 code 36), every unit
 * back into the very lot it left as a `refund` movement, points and coupon reversed, the commission
 * reversed by a negative row of the refund's day; its tickets; and the seller's reassignment.
 */

useCashWorld();

const buyer = () => newCustomer({ app: w.t.app, admin: w.admin } as SaleWorld);

const pdfText = async (url: string) => {
  const answer = await w.t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${w.admin}` },
  });
  if (answer.statusCode !== 200) return { status: answer.statusCode, text: '' };
  const pdf = await getDocumentProxy(new Uint8Array(answer.rawPayload));
  const { text } = await extractText(pdf, { mergePages: true });
  return { status: answer.statusCode, text };
};

async function saleOfTwoLots() {
  const cream = await newProduct({ points: 3 });
  const first = await newLot(cream.id, w.zonaRio, 6, 'RF-A', '2027-02-01');
  const second = await newLot(cream.id, w.zonaRio, 6, 'RF-B', '2027-08-01');
  const customerId = await buyer();
  const sold = await sell({
    customerId,
    cashOrderDetails: [
      { stockId: second, quantity: 1 },
      { stockId: first, quantity: 2 },
    ],
  });
  expect(sold.status, JSON.stringify(sold.body)).toBe(201);
  return { record: sold.body.data, first, second, customerId };
}

type Trace = {
  sales: {
    customer: { id: number; customerId: number; name: string } | null;
    cashOrder: { id: number; folio: string; date: string; branch: { id: number } };
    stockId: number;
    quantity: number;
  }[];
};
const trace = async (stockId: number) =>
  (await call<Trace>(w.t.app, 'GET', `/v1/stock/${stockId}/trace`, { token: w.admin })).body.data;

describe('GET /stock/{stockId}/trace: the counter sales of a lot', () => {
  it('names each sale of the lot with its customer until it is refunded', async () => {
    const { record, first, second, customerId } = await saleOfTwoLots();
    const anonymous = await sell({ cashOrderDetails: [{ stockId: first, quantity: 1 }] });
    expect(anonymous.status, JSON.stringify(anonymous.body)).toBe(201);
    const sold = (await trace(first)).sales;
    expect(sold.map((entry) => [entry.cashOrder.folio, entry.quantity, entry.stockId])).toEqual([
      [record.folio, 2, first],
      [anonymous.body.data.folio, 1, first],
    ]);
    expect(sold[0]!.customer?.id).toBe(customerId);
    expect(sold[0]!.cashOrder).toMatchObject({ date: record.paidDate, branch: { id: w.zonaRio } });
    expect(sold[1]!.customer).toBeNull();
    expect((await trace(second)).sales.map((entry) => entry.quantity)).toEqual([1]);
    expect((await refund(record.folio)).status).toBe(200);
    expect((await trace(first)).sales.map((entry) => entry.cashOrder.folio)).toEqual([
      anonymous.body.data.folio,
    ]);
    expect((await trace(second)).sales).toEqual([]);
  });
});

describe('POST /cash-order/{orderNumber}/refund', () => {
  it('refuses in the orders’ order: 404/36, then the password 404/3', async () => {
    const { record } = await saleOfTwoLots();
    expect((await refund(99_999_999)).body.code).toBe(NotFound.cashOrder);
    expect((await refund('POS-000001')).status).toBe(404);
    const other = await refund(record.folio, { branchId: w.playas });
    expect([other.status, other.body.code]).toEqual([404, NotFound.cashOrder]);
    const wrong = await refund(record.folio, { password: 'Nada1234' });
    expect([wrong.status, wrong.body.code]).toEqual([404, NotFound.passwordMismatch]);
    const badMethod = await refund(record.folio, { refundMethod: 'Puntos' });
    expect(badMethod.status).toBe(400);
  });

  it('puts every unit back in the very lot it left, reverses points and commission, once', async () => {
    const { record, first, second, customerId } = await saleOfTwoLots();
    expect(await lotQuantity(first)).toBe(4);
    expect(await lotQuantity(second)).toBe(5);
    const [earned] = await w.t.app.db.select().from(customer).where(eq(customer.id, customerId));
    expect(earned!.points).toBe(9);
    w.t.clock.set(new Date('2026-11-21T18:00:00Z'));
    try {
      const token = (await signInAs(w.t.app, 'superAdmin')).token;
      const answer = await refund(record.orderNumber, {}, token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data).toMatchObject({
        type: 'Devolución',
        refundDate: '2026-11-21',
        refundAmount: record.total,
        refundMethod: 'Efectivo',
      });
      expect(await lotQuantity(first)).toBe(6);
      expect(await lotQuantity(second)).toBe(6);
      const moves = await w.t.app.db
        .select()
        .from(stockMovement)
        .where(
          and(
            eq(stockMovement.documentType, 'cash-order'),
            eq(stockMovement.documentId, record.id),
            eq(stockMovement.cause, 'refund'),
          ),
        );
      expect(moves.map((m) => [m.stockId, m.quantity, m.documentType]).sort()).toEqual(
        [
          [first, 2, 'cash-order'],
          [second, 1, 'cash-order'],
        ].sort(),
      );
      const [after] = await w.t.app.db.select().from(customer).where(eq(customer.id, customerId));
      expect(after!.points).toBe(0);
      const rows = await w.t.app.db
        .select()
        .from(cosmetologyCommission)
        .where(eq(cosmetologyCommission.cashOrderId, record.id))
        .orderBy(cosmetologyCommission.id);
      const sale = rows.filter((row) => row.kind === 'sale');
      const back = rows.filter((row) => row.kind === 'refund');
      expect(sale).toHaveLength(2);
      expect(sale.every((row) => row.date === '2026-11-20')).toBe(true);
      expect(back.map((row) => [row.salePrice, row.commission, row.date])).toEqual(
        sale.map((row) => [-row.salePrice, -row.commission, '2026-11-21']),
      );
      const again = await refund(record.folio, {}, token);
      expect([again.status, again.body.code]).toEqual([409, Conflict.orderCancelled]);
      expect(await lotQuantity(first)).toBe(6);
      const trail = await auditTrail(w.t.app, 'sales', record.id);
      expect(trail.filter((entry) => entry.action === 'refund')).toHaveLength(1);
      await balanced();
    } finally {
      w.t.clock.set(new Date('2026-11-20T17:00:00Z'));
    }
  });

  it('releases the product coupon: the customer may use it again', async () => {
    const cream = await newProduct();
    const lot = await newLot(cream.id, w.zonaRio, 5, 'CP-1');
    const customerId = await buyer();
    const created = await call<{ id: number }>(w.t.app, 'POST', '/v1/coupon/create', {
      token: w.admin,
      body: {
        code: `VPR${process.pid % 1000}`,
        name: 'Cupón devolución',
        description: 'Cupón de prueba',
        branchesIds: [w.zonaRio],
        limit: 2,
        type: 'Product',
        productId: cream.id,
        discount: 20,
        expireDate: '2027-12-31',
      },
    });
    expect(created.status).toBe(201);
    const body = {
      customerId,
      couponCode: `VPR${process.pid % 1000}`,
      cashOrderDetails: [{ stockId: lot, quantity: 1 }],
    };
    const sold = await sell(body);
    expect(sold.body.data.discountTotal).toBe(50);
    const coupons = await call<{ cashOrders: { orderNumber: string }[] }>(
      w.t.app,
      'GET',
      `/v1/coupons/${created.body.data.id}`,
      { token: w.admin },
    );
    expect(coupons.body.data.cashOrders.map((use) => use.orderNumber)).toEqual([
      sold.body.data.folio,
    ]);
    expect((await refund(sold.body.data.folio)).status).toBe(200);
    const [row] = await w.t.app.db.select().from(coupon).where(eq(coupon.id, created.body.data.id));
    expect(row!.used).toBe(0);
    expect((await sell(body)).status).toBe(201);
    // The customer's "Órdenes en efectivo" tab shows both, latest first.
    const tab = await call<{ cashOrders: { orderNumber: string; refundedAt: string | null }[] }>(
      w.t.app,
      'GET',
      `/v1/customer/${customerId}/orders`,
      { token: w.admin },
    );
    expect(tab.body.data.cashOrders).toHaveLength(2);
    expect(tab.body.data.cashOrders[1]).toMatchObject({ orderNumber: sold.body.data.folio });
    expect(tab.body.data.cashOrders[1]!.refundedAt).not.toBeNull();
  });
});

describe('tickets and seller reassignment', () => {
  it('prints the ticket (COPIA after the first) and the refund ticket only once refunded', async () => {
    const { record } = await saleOfTwoLots();
    const url = `/v1/cash-order/${record.id}/ticket`;
    const first = await pdfText(url);
    expect(first.status).toBe(200);
    expect(first.text).toContain(record.folio);
    expect(first.text).toContain('IVA');
    expect(first.text).toContain('RF-A');
    expect(first.text).not.toContain('COPIA');
    expect((await pdfText(url)).text).toContain('COPIA');
    expect((await pdfText(`${url}/refund`)).status).toBe(404);
    await refund(record.folio);
    const back = await pdfText(`${url}/refund`);
    expect(back.status).toBe(200);
    expect(back.text).toContain('DEVOLUCIÓN');
  });

  it('moves the sale and its commission rows to another cosmetologist of the branch, audited', async () => {
    const { record } = await saleOfTwoLots();
    const patch = (userId: number) =>
      call<CashOrderRecord>(w.t.app, 'PATCH', `/v1/cash-order/${record.id}/update-seller`, {
        token: w.admin,
        body: { userId },
      });
    for (const wrong of [w.medic, w.playasCosmetologist, 99_999_999]) {
      const answer = await patch(wrong);
      expect([answer.status, answer.body.code]).toEqual([404, NotFound.doctorRequired]);
    }
    const target = w.cosmetologists[1]!;
    const moved = await patch(target);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.seller?.id).toBe(target);
    expect(moved.body.data.commissions.every((row) => row.user.id === target)).toBe(true);
    const [update] = await w.t.app.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.module, 'sales'),
          eq(auditLog.recordId, record.id),
          eq(auditLog.action, 'update'),
        ),
      );
    expect(update?.changes).toMatchObject({
      sellerId: { before: w.cosmetologists[0], after: target },
    });
    const missing = await call(w.t.app, 'PATCH', '/v1/cash-order/99999999/update-seller', {
      token: w.admin,
      body: { userId: target },
    });
    expect([missing.status, missing.body.code]).toEqual([404, NotFound.cashOrder]);
    // Without cosmetologic_comission.edit: 403.
    const medic = (await signInAs(w.t.app, 'medic')).token;
    const refused = await call(w.t.app, 'PATCH', `/v1/cash-order/${record.id}/update-seller`, {
      token: medic,
      body: { userId: target },
    });
    expect(refused.status).toBe(403);
  });
});

describe('a closed day (issue 27)', () => {
  it('a refund or a seller change of a sale of a closed day is 409 code 45', async () => {
    w.t.clock.set(new Date('2026-11-23T18:00:00Z'));
    const admin = w.admin;
    try {
      const token = (await signInAs(w.t.app, 'superAdmin')).token;
      w.admin = token;
      const cream = await newProduct();
      const lot = await newLot(cream.id, w.playas, 4, 'RF-CLOSED');
      const sold = await sell(
        {
          branchId: w.playas,
          sellerId: w.playasCosmetologist,
          cashOrderDetails: [{ stockId: lot, quantity: 1 }],
        },
        token,
      );
      expect(sold.status, JSON.stringify(sold.body)).toBe(201);
      const closing = await call(w.t.app, 'POST', '/v1/daily-cash-closing/create', {
        token,
        body: { branchId: w.playas, date: sold.body.data.paidDate },
      });
      expect(closing.status, JSON.stringify(closing.body)).toBe(201);
      const back = await refund(sold.body.data.folio, { branchId: w.playas }, token);
      expect([back.status, back.body.code]).toEqual([409, Conflict.dayClosed]);
      const moved = await call(
        w.t.app,
        'PATCH',
        `/v1/cash-order/${sold.body.data.id}/update-seller`,
        {
          token,
          body: { userId: w.playasCosmetologist },
        },
      );
      expect([moved.status, moved.body.code]).toEqual([409, Conflict.dayClosed]);
      expect(await lotQuantity(lot)).toBe(3);
    } finally {
      w.admin = admin;
      w.t.clock.set(new Date('2026-11-20T17:00:00Z'));
    }
  });
});
