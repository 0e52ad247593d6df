import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  NotFound,
  Unprocessable,
  type CashOrderLot,
  type CashOrderQuote,
  type CashOrderRecord,
} from '@clinica/domain';
import {
  cashOrder,
  coupon,
  cosmetologyCommission,
  customer,
  setting,
  stockMovement,
} from '../../db/schema';
import { call } from '../../test/harness';
import { newCustomer, type SaleWorld } from '../../test/factories';
import { auditTrail } from '../../test/races';
import {
  balanced,
  cash,
  lotQuantity,
  newLot,
  newProduct,
  sell,
  useCashWorld,
  w,
} from './cash-order.fixture';

/**
 * POST /cash-order/create and its quote, list, detail and lot picker (CONTRACT §12 "Cash orders"):
 * the server's prices with IVA per line, the lots moved through the ledger, the commission rows,
 * the points and the coupon, and every refusal with its code (nothing changes on a refusal).
 */

useCashWorld();

const buyer = () => newCustomer({ app: w.t.app, admin: w.admin } as SaleWorld);

let coupons = 0;
async function productCoupon(productId: number, discount = 10) {
  coupons += 1;
  const code = `VPC${process.pid % 1000}X${coupons}`;
  const answer = await call<{ id: number }>(w.t.app, 'POST', '/v1/coupon/create', {
    token: w.admin,
    body: {
      code,
      name: `Cupón de producto ${coupons}`,
      description: 'Cupón de prueba',
      branchesIds: [w.zonaRio],
      limit: 5,
      type: 'Product',
      productId,
      discount,
      expireDate: '2027-12-31',
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.data.id, code };
}

describe('POST /cash-order/create', () => {
  it('sells from the chosen lots: IVA per line, VP folio, ledger movements, commission, points, coupon', async () => {
    const cream = await newProduct({ salePrice: 333.33, tax: 16, points: 4 });
    const serum = await newProduct({ type: 'Médico/Venta', salePrice: 100, tax: 8, points: 1 });
    const creamLot = await newLot(cream.id, w.zonaRio, 10, 'CR-1', '2027-01-31');
    const serumLot = await newLot(serum.id, w.zonaRio, 5, 'SE-1', null);
    const customerId = await buyer();
    const cupon = await productCoupon(cream.id, 15);
    await w.t.app.db.update(setting).set({ cosmetologyCommissionPercent: 10 });

    const body = {
      customerId,
      couponCode: cupon.code,
      cashOrderDetails: [
        { stockId: creamLot, quantity: 3 },
        { stockId: serumLot, quantity: 2 },
      ],
      payments: [cash(1200)],
    };
    const quote = await call<CashOrderQuote>(w.t.app, 'POST', '/v1/cash-order/quote', {
      token: w.admin,
      body: { ...body, branchId: w.zonaRio, sellerId: w.cosmetologists[0] },
    });
    expect(quote.status).toBe(200);
    // 15% of 333.33 = 50.00 a unit; 849.99 + 200 = 1049.99 before IVA; IVA 136.00 + 16.00.
    expect(quote.body.data).toMatchObject({
      subtotal: 1049.99,
      discountTotal: 150,
      taxes: 152,
      total: 1201.99,
      owed: 1.99,
      pointsEarned: 14,
      paymentProblem: { field: 'payments' },
    });
    expect(await lotQuantity(creamLot)).toBe(10);
    const [unused] = await w.t.app.db.select().from(coupon).where(eq(coupon.id, cupon.id));
    expect(unused!.used).toBe(0);

    const sold = await sell({ ...body, payments: [cash(1300)] });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const record = sold.body.data;
    expect(record.folio).toMatch(/^VP-\d{6}$/);
    expect(record).toMatchObject({
      subtotal: 1049.99,
      discountTotal: 150,
      taxes: 152,
      total: 1201.99,
      changeAmount: 98.01,
      points: 14,
      paymentStatus: 'paid',
      type: 'Venta',
      paidDate: '2026-11-20',
      coupon: { id: cupon.id, code: cupon.code },
    });
    expect(record.cashOrderDetails).toEqual([
      expect.objectContaining({
        stockId: creamLot,
        allotment: 'CR-1',
        expiresIn: '2027-01-31',
        quantity: 3,
        salePrice: 333.33,
        price: 849.99,
        discount: 150,
        tax: 16,
        taxes: 136,
      }),
      expect.objectContaining({ stockId: serumLot, expiresIn: null, price: 200, taxes: 16 }),
    ]);
    expect(await lotQuantity(creamLot)).toBe(7);
    expect(await lotQuantity(serumLot)).toBe(3);
    const moves = await w.t.app.db
      .select()
      .from(stockMovement)
      .where(
        and(eq(stockMovement.documentType, 'cash-order'), eq(stockMovement.documentId, record.id)),
      );
    expect(moves.map((m) => [m.stockId, m.quantity, m.cause, m.documentNumber]).sort()).toEqual(
      [
        [creamLot, -3, 'cash-order', record.folio],
        [serumLot, -2, 'cash-order', record.folio],
      ].sort(),
    );
    // Only the Cosmetólogo/Venta line pays a commission: 10% of 849.99.
    const rows = await w.t.app.db
      .select()
      .from(cosmetologyCommission)
      .where(eq(cosmetologyCommission.cashOrderId, record.id));
    expect(
      rows.map((row) => [
        row.kind,
        row.userId,
        row.salePrice,
        row.percent,
        row.commission,
        row.date,
      ]),
    ).toEqual([['sale', w.cosmetologists[0], 849.99, 10, 85, '2026-11-20']]);
    const [held] = await w.t.app.db.select().from(customer).where(eq(customer.id, customerId));
    expect(held!.points).toBe(14);
    const [used] = await w.t.app.db.select().from(coupon).where(eq(coupon.id, cupon.id));
    expect(used!.used).toBe(1);
    expect((await auditTrail(w.t.app, 'sales', record.id)).map((e) => e.action)).toContain(
      'create',
    );
    await balanced();
  });

  it('a lot asked for more than it holds is 422 code 1 and nothing changes', async () => {
    const cream = await newProduct();
    const lot = await newLot(cream.id, w.zonaRio, 2, 'SHORT-1');
    const other = await newLot(cream.id, w.zonaRio, 5, 'SHORT-2');
    const before = await w.t.app.db.select({ id: cashOrder.id }).from(cashOrder);
    // Two lines of one lot count together.
    const answer = await sell({
      cashOrderDetails: [
        { stockId: other, quantity: 1 },
        { stockId: lot, quantity: 2 },
        { stockId: lot, quantity: 1 },
      ],
    });
    expect([answer.status, answer.body.code]).toEqual([422, Unprocessable.insufficientInventory]);
    expect(await lotQuantity(lot)).toBe(2);
    expect(await lotQuantity(other)).toBe(5);
    expect(await w.t.app.db.select({ id: cashOrder.id }).from(cashOrder)).toHaveLength(
      before.length,
    );
  });

  it('refuses a lot of another branch (404/1), a product not sold to customers (400), a seller not of the branch (404/4), a coupon without customer (400)', async () => {
    const cream = await newProduct();
    const playasLot = await newLot(cream.id, w.playas, 5, 'PL-1');
    const lot = await newLot(cream.id, w.zonaRio, 5, 'ZR-1');
    const away = await sell({ cashOrderDetails: [{ stockId: playasLot, quantity: 1 }] });
    expect([away.status, away.body.code]).toEqual([404, NotFound.stock]);
    const missing = await sell({ cashOrderDetails: [{ stockId: 99_999_999, quantity: 1 }] });
    expect([missing.status, missing.body.code]).toEqual([404, NotFound.stock]);

    const supply = await newProduct({ type: 'Insumo' });
    const supplyLot = await newLot(supply.id, w.zonaRio, 5, 'IN-1');
    const notForSale = await sell({ cashOrderDetails: [{ stockId: supplyLot, quantity: 1 }] });
    expect(notForSale.status).toBe(400);
    expect(notForSale.body.details?.[0]?.field).toBe('cashOrderDetails.0.stockId');

    const seller = await sell({
      sellerId: w.playasCosmetologist,
      cashOrderDetails: [{ stockId: lot, quantity: 1 }],
    });
    expect([seller.status, seller.body.code]).toEqual([404, NotFound.user]);
    const noCustomer = await sell({
      couponCode: 'CUALQUIERA',
      cashOrderDetails: [{ stockId: lot, quantity: 1 }],
    });
    expect(noCustomer.status).toBe(400);
    const unknownBuyer = await sell({
      customerId: 99_999_999,
      cashOrderDetails: [{ stockId: lot, quantity: 1 }],
    });
    expect([unknownBuyer.status, unknownBuyer.body.code]).toEqual([404, NotFound.customer]);
    const short = await sell({ cashOrderDetails: [{ stockId: lot, quantity: 1 }], payments: [] });
    expect(short.status).toBe(400);
    expect(await lotQuantity(lot)).toBe(5);
    // A branch-fixed role sells only at its branch: another is 404 code 6.
    const foreign = await sell(
      { branchId: w.playas, cashOrderDetails: [{ stockId: playasLot, quantity: 1 }] },
      w.manager,
    );
    expect([foreign.status, foreign.body.code]).toEqual([404, NotFound.branch]);
  });
});

describe('GET /cash-order, /cash-order/{id}, /cash-order/lots', () => {
  it('lists with the orders’ filters and search, and shows each line’s lot', async () => {
    const cream = await newProduct();
    const lot = await newLot(cream.id, w.zonaRio, 10, 'LIST-1');
    const customerId = await buyer();
    const sold = await sell({ customerId, cashOrderDetails: [{ stockId: lot, quantity: 1 }] });
    const record = sold.body.data;
    const list = (query: Record<string, string>) =>
      call<{ items: CashOrderRecord[]; meta: { totalItems: number } }>(
        w.t.app,
        'GET',
        '/v1/cash-order',
        { token: w.admin, query },
      );
    expect((await list({ search: record.folio })).body.data.items.map((r) => r.id)).toEqual([
      record.id,
    ]);
    expect((await list({ search: String(record.orderNumber) })).body.data.items[0]?.id).toBe(
      record.id,
    );
    const mine = await list({ customerId: String(customerId), paymentMethod: 'Efectivo' });
    expect(mine.body.data.items).toHaveLength(1);
    expect(mine.body.data.items[0]).toMatchObject({
      folio: record.folio,
      taxes: 40,
      type: 'Venta',
    });
    expect(
      (await list({ customerId: String(customerId), paidDate: '2026-11-19' })).body.data.items,
    ).toHaveLength(0);
    expect(
      (await list({ branchId: String(w.playas), search: record.folio })).body.data.items,
    ).toHaveLength(0);

    const detail = await call<CashOrderRecord>(w.t.app, 'GET', `/v1/cash-order/${record.id}`, {
      token: w.admin,
    });
    expect(detail.body.data.cashOrderDetails[0]).toMatchObject({
      allotment: 'LIST-1',
      expiresIn: '2027-06-30',
    });
    const missing = await call(w.t.app, 'GET', '/v1/cash-order/99999999', { token: w.admin });
    expect([missing.status, missing.body.code]).toEqual([404, NotFound.cashOrder]);
  });

  it('a branch-fixed role does not reach another branch’s cash order (404 code 36)', async () => {
    const cream = await newProduct();
    const lot = await newLot(cream.id, w.playas, 3, 'PL-9');
    const sold = await sell({
      branchId: w.playas,
      sellerId: w.playasCosmetologist,
      cashOrderDetails: [{ stockId: lot, quantity: 1 }],
    });
    expect(sold.status).toBe(201);
    const hidden = await call(w.t.app, 'GET', `/v1/cash-order/${sold.body.data.id}`, {
      token: w.manager,
    });
    expect([hidden.status, hidden.body.code]).toEqual([404, NotFound.cashOrder]);
  });

  it('the lot picker answers the branch’s lots with units, soonest expiry first', async () => {
    const cream = await newProduct();
    const late = await newLot(cream.id, w.zonaRio, 3, 'LATE', '2028-01-01');
    const none = await newLot(cream.id, w.zonaRio, 3, 'NONE', null);
    const soon = await newLot(cream.id, w.zonaRio, 3, 'SOON', '2027-01-01');
    const answer = await call<CashOrderLot[]>(w.t.app, 'GET', '/v1/cash-order/lots', {
      token: w.admin,
      query: { branchId: String(w.zonaRio), productId: String(cream.id) },
    });
    expect(answer.body.data.map((lot) => lot.stockId)).toEqual([soon, late, none]);
    expect(answer.body.data[0]!.product).toMatchObject({ id: cream.id, salePrice: 250, tax: 16 });
  });
});
