import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { Conflict, NotFound, type ClosingRecord, type OrderRecord } from '@clinica/domain';
import { auditLog, dailyCashClosing } from '../../db/schema';
import { call, signInAs } from '../../test/harness';
import { card, cash, debit, newCustomer } from '../../test/factories';
import { newLot, newProduct, refund as refundCash, sell } from '../cash-orders/cash-order.fixture';
import {
  at,
  c,
  close,
  detail,
  expectFigures,
  independentDay,
  preview,
  rateNow,
  refundOrder,
  sellOrder,
  useClosingWorld,
  w,
} from './cash-closing.fixture';

/**
 * Daily cash closings (CONTRACT §12): the preview adds up to the day's payments and refunds, a
 * day closes once (409 code 44) and not after the branch's today (400 naming date); from then on
 * nothing is dated into it (409 code 45), by the API or around it (the database's triggers); a
 * later refund of its sale counts on its own day; a role fixed to its branch reaches only its own
 * (404 code 26); the lists, the detail with its payments and the PDF.
 */

useClosingWorld();

const RIO_DAY = '2026-11-20';
const PLAYAS_DAY = '2026-11-21';
const buyer = () => newCustomer(c.sale);
let closed: ClosingRecord;
let rioSale: OrderRecord;

describe('a branch-day closed through the API', () => {
  it('previews the day: every figure equals the sum of its rows, and the payments behind them 5 a page', async () => {
    await at(RIO_DAY);
    const customerId = await buyer();
    const price = c.sale.treatments[0]!.price;
    const rate = await rateNow();
    const dollars = Math.ceil(price / rate) + 1;
    const sales = [
      await sellOrder(w.zonaRio, customerId, [cash(price + 50)]),
      await sellOrder(w.zonaRio, customerId, [
        { paymentMethod: 'Efectivo', amount: dollars, currency: 'DLS' },
      ]),
      await sellOrder(w.zonaRio, customerId, [card(price)]),
      await sellOrder(w.zonaRio, customerId, [debit(price)]),
      await sellOrder(w.zonaRio, customerId, [
        { paymentMethod: 'Transferencia electrónica', amount: price, currency: 'MXN' },
      ]),
    ];
    for (const sale of sales) expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    rioSale = sales[2]!.body.data;
    const cream = await newProduct({ salePrice: 100, tax: 16 });
    const lot = await newLot(cream.id, w.zonaRio, 10, 'CC-A');
    const counter = await sell({
      cashOrderDetails: [{ stockId: lot, quantity: 1 }],
      payments: [cash(200)],
    });
    expect(counter.status, JSON.stringify(counter.body)).toBe(201);
    const refunded = await refundOrder(
      sales[3]!.body.data.orderNumber,
      w.zonaRio,
      'Tarjeta de débito',
    );
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);

    const answer = await preview(w.zonaRio, RIO_DAY);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const day = answer.body.data;
    expect(day).toMatchObject({ closed: false, record: null, date: RIO_DAY, today: RIO_DAY });
    const expected = await independentDay(w.zonaRio, RIO_DAY);
    expectFigures(day, expected.all);
    expectFigures(day.products, expected.products);
    expect(day.cashTotalDollars).toBeGreaterThanOrEqual(dollars);
    expect(day.refundDebitCard).toBeGreaterThanOrEqual(price);
    expect(day.products.cashOrdersCount).toBeGreaterThanOrEqual(1);
    expect(day.products.ordersCount).toBe(0);
    // The payments page: 5 by default, each sale's and refund's rows, with the folio.
    expect(day.payments.meta).toMatchObject({ page: 1, take: 5 });
    expect(day.payments.items).toHaveLength(5);
    const all = await preview(w.zonaRio, RIO_DAY, w.admin, { take: '100' });
    const rows = all.body.data.payments.items;
    expect(all.body.data.payments.meta.itemCount).toBe(rows.length);
    expect(rows.map((row) => row.folio)).toEqual(
      expect.arrayContaining([sales[0]!.body.data.folio, counter.body.data.folio]),
    );
    const back = rows.find(
      (row) => row.type === 'Devolución' && row.folio === sales[3]!.body.data.folio,
    );
    expect(back).toMatchObject({ paymentMethod: 'Tarjeta de débito', amountMxn: price });
    const sum = (type: string) =>
      rows
        .filter((row) => row.type === type)
        .reduce((total, row) => total + Math.round(row.amountMxn * 100), 0) -
      (type === 'Venta'
        ? rows.reduce((total, row) => total + Math.round(row.changeAmount * 100), 0)
        : 0);
    expect(sum('Venta') / 100).toBeCloseTo(day.salesTotal, 2);
    expect(sum('Devolución') / 100).toBeCloseTo(day.refundTotal, 2);
  });

  it('refuses a day after the branch’s today (400 naming date) and a body with unknown fields', async () => {
    const future = await close({ branchId: w.zonaRio, date: '2026-11-21' });
    expect(future.status).toBe(400);
    expect(future.body.details?.map((detail) => detail.field)).toEqual(['date']);
    const unknown = await close({ branchId: w.zonaRio, date: RIO_DAY, total: 1 });
    expect(unknown.status).toBe(400);
    const negative = await close({ branchId: w.zonaRio, date: RIO_DAY, countedCash: -1 });
    expect(negative.status).toBe(400);
    const nowhere = await close({ branchId: 99_999, date: RIO_DAY });
    expect([nowhere.status, nowhere.body.code]).toEqual([404, NotFound.branch]);
  });

  it('closes the day once: the figures, the count and its difference; a second close is 409 code 44', async () => {
    const before = (await preview(w.zonaRio, RIO_DAY)).body.data;
    const expectedCash = before.cashTotal - before.refundCash;
    const answer = await close({
      branchId: w.zonaRio,
      date: RIO_DAY,
      countedCash: Math.round((expectedCash - 7.5) * 100) / 100,
      countedCashDollars: before.cashTotalDollars + 1,
      comments: 'Faltaron monedas',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    closed = answer.body.data;
    expect(closed.folio).toBe(`CC-${String(closed.number).padStart(6, '0')}`);
    expect(closed).toMatchObject({
      branch: { id: w.zonaRio },
      date: RIO_DAY,
      difference: -7.5,
      differenceDollars: 1,
      comments: 'Faltaron monedas',
    });
    expectFigures(closed, (await independentDay(w.zonaRio, RIO_DAY)).all);
    expectFigures(closed.products, (await independentDay(w.zonaRio, RIO_DAY)).products);
    const again = await close({ branchId: w.zonaRio, date: RIO_DAY });
    expect([again.status, again.body.code]).toEqual([409, Conflict.cashClosingExists]);
    const shown = (await preview(w.zonaRio, RIO_DAY)).body.data;
    expect(shown).toMatchObject({ closed: true, record: { id: closed.id }, total: closed.total });
    const [entry] = await w.t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.orderNumber, closed.folio));
    expect(entry).toMatchObject({ module: 'cashClosing', action: 'create', recordId: closed.id });
  });

  it('a closed day takes no sale, counter sale or refund (409 code 45); an app settlement counts tomorrow', async () => {
    const customerId = await buyer();
    const price = c.sale.treatments[0]!.price;
    const app = await sellOrder(w.zonaRio, customerId, [{ ...card(price), reference: 'APP-9' }], {
      origin: 'APP',
    });
    expect(app.status).toBe(201);
    const sale = await sellOrder(w.zonaRio, customerId, [cash(price)]);
    expect([sale.status, sale.body.code]).toEqual([409, Conflict.dayClosed]);
    const cream = await newProduct({ salePrice: 80 });
    const lot = await newLot(cream.id, w.zonaRio, 5, 'CC-B');
    const counter = await sell({ cashOrderDetails: [{ stockId: lot, quantity: 1 }] });
    expect([counter.status, counter.body.code]).toEqual([409, Conflict.dayClosed]);
    const back = await refundOrder(rioSale.orderNumber, w.zonaRio);
    expect([back.status, back.body.code]).toEqual([409, Conflict.dayClosed]);
    // Another branch's day is still open.
    const elsewhere = await sellOrder(w.playas, customerId, [cash(price)]);
    expect(elsewhere.status).toBe(201);
    const settled = await call<OrderRecord>(
      w.t.app,
      'PATCH',
      `/v1/order/${app.body.data.id}/payment`,
      {
        token: w.admin,
        body: { paymentStatus: 'paid', reference: 'GW-1' },
      },
    );
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(settled.body.data.paidDate).toBe('2026-11-21');
    const still = await detail(closed.id);
    expect(still.body.data).toMatchObject({ total: closed.total, salesTotal: closed.salesTotal });
  });

  it('a counter sale of a closed day is not refunded that day either (409 code 45)', async () => {
    await at(PLAYAS_DAY, '09:00');
    const cream = await newProduct({ salePrice: 90 });
    const lot = await newLot(cream.id, w.playas, 5, 'CC-C');
    const sold = await sell({
      branchId: w.playas,
      sellerId: w.playasCosmetologist,
      cashOrderDetails: [{ stockId: lot, quantity: 1 }],
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect((await close({ branchId: w.playas, date: PLAYAS_DAY })).status).toBe(201);
    const back = await refundCash(sold.body.data.folio, { branchId: w.playas });
    expect([back.status, back.body.code]).toEqual([409, Conflict.dayClosed]);
  });

  it('a refund of a closed day’s sale made later counts on its own day and leaves the record as it was', async () => {
    await at('2026-11-22');
    const before = (await detail(closed.id, { take: '100' })).body.data;
    const back = await refundOrder(rioSale.orderNumber, w.zonaRio, 'Tarjeta de crédito');
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data).toMatchObject({ refundDate: '2026-11-22', paidDate: RIO_DAY });
    const after = (await detail(closed.id, { take: '100' })).body.data;
    expect(after).toEqual(before);
    const today = (await preview(w.zonaRio)).body.data;
    expect(today.date).toBe('2026-11-22');
    expect(today.refundCreditCard).toBeGreaterThanOrEqual(rioSale.total);
    expectFigures(today, (await independentDay(w.zonaRio, '2026-11-22')).all);
  });
});

describe('the database refuses writes around the service into a closed day', () => {
  const refused = async (write: Promise<unknown>) => {
    const error = await write.then(
      () => null,
      (caught: unknown) => caught as { code?: string; cause?: { code?: string } },
    );
    expect(error, 'the write should have failed').not.toBeNull();
    expect(error!.cause?.code ?? error!.code).toBe('CC045');
  };

  it('a payment inserted, a paid or refund day set into it, a payment changed, the closing edited', async () => {
    const db = w.t.app.db;
    await refused(
      db.execute(sql`INSERT INTO order_payment (order_id, payment_method, currency, amount, amount_mxn)
                     VALUES (${rioSale.id}, 'Efectivo', 'MXN', 10, 10)`),
    );
    await refused(
      db.execute(sql`UPDATE order_payment SET amount = amount + 1, amount_mxn = amount_mxn + 1
                      WHERE order_id = ${rioSale.id}`),
    );
    await refused(db.execute(sql`DELETE FROM order_payment WHERE order_id = ${rioSale.id}`));
    await refused(
      db.execute(sql`UPDATE orders SET change_amount = change_amount + 1 WHERE id = ${rioSale.id}`),
    );
    // An order of another day moved into the closed one, paid or refunded.
    const customerId = await buyer();
    const other = await sellOrder(w.zonaRio, customerId, [cash(c.sale.treatments[0]!.price)]);
    expect(other.status).toBe(201);
    await refused(
      db.execute(sql`UPDATE orders SET paid_date = ${RIO_DAY} WHERE id = ${other.body.data.id}`),
    );
    await refused(
      db.execute(sql`UPDATE orders SET refunded_at = now(), refund_date = ${RIO_DAY}, refund_amount = 1,
                       refund_method = 'Efectivo' WHERE id = ${other.body.data.id}`),
    );
    const cream = await newProduct({ salePrice: 60 });
    const lot = await newLot(cream.id, w.zonaRio, 3, 'CC-D');
    const counter = await sell({ cashOrderDetails: [{ stockId: lot, quantity: 1 }] });
    expect(counter.status).toBe(201);
    await refused(
      db.execute(
        sql`UPDATE cash_order SET paid_date = ${RIO_DAY} WHERE id = ${counter.body.data.id}`,
      ),
    );
    await refused(
      db.update(dailyCashClosing).set({ total: 0 }).where(eq(dailyCashClosing.id, closed.id)),
    );
    await refused(db.delete(dailyCashClosing).where(eq(dailyCashClosing.id, closed.id)));
    // A ticket printed again is no change of the day's money.
    await db.execute(
      sql`UPDATE orders SET ticket_prints = ticket_prints + 1 WHERE id = ${rioSale.id}`,
    );
  });
});

describe('who reaches which closing, the lists and the PDF', () => {
  it('a role fixed to its branch reaches only its own (404 code 26); without the privilege 403', async () => {
    const playasRecord = (
      await call<{ items: ClosingRecord[] }>(w.t.app, 'GET', '/v1/daily-cash-closing', {
        token: w.admin,
        query: { branchId: String(w.playas), startDate: PLAYAS_DAY, endDate: PLAYAS_DAY },
      })
    ).body.data.items[0]!;
    expect(playasRecord.date).toBe(PLAYAS_DAY);
    const mine = await call<{ items: ClosingRecord[] }>(w.t.app, 'GET', '/v1/daily-cash-closing', {
      token: w.manager,
      query: { take: '100' },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.items.length).toBeGreaterThan(0);
    expect(new Set(mine.body.data.items.map((item) => item.branch.id))).toEqual(
      new Set([w.zonaRio]),
    );
    const theirs = await detail(playasRecord.id, {}, w.manager);
    expect([theirs.status, theirs.body.code]).toEqual([404, NotFound.cashClosing]);
    const pdf = await w.t.app.inject({
      method: 'GET',
      url: `/v1/daily-cash-closing/${playasRecord.id}/download`,
      headers: { authorization: `Bearer ${w.manager}` },
    });
    expect(pdf.statusCode).toBe(404);
    const look = await preview(w.playas, PLAYAS_DAY, w.manager);
    expect([look.status, look.body.code]).toEqual([404, NotFound.cashClosing]);
    const shut = await close({ branchId: w.playas, date: '2026-11-22' }, w.manager);
    expect([shut.status, shut.body.code]).toEqual([404, NotFound.cashClosing]);
    const medic = (await signInAs(w.t.app, 'medic')).token;
    const denied = await call(w.t.app, 'GET', '/v1/daily-cash-closing', { token: medic });
    expect(denied.status).toBe(403);
    const franchisee = (await signInAs(w.t.app, 'franchisee')).token;
    const readOnly = await close({ branchId: w.playas, date: '2026-11-22' }, franchisee);
    expect(readOnly.status).toBe(403);
  });

  it('filters by branch and closed day; the cash list takes every money field from products', async () => {
    const list = await call<{ items: ClosingRecord[]; meta: { itemCount: number } }>(
      w.t.app,
      'GET',
      '/v1/daily-cash-closing',
      {
        token: w.admin,
        query: { branchId: String(w.zonaRio), startDate: RIO_DAY, endDate: RIO_DAY },
      },
    );
    expect(list.body.data.items.map((item) => item.id)).toEqual([closed.id]);
    const cashList = await call<{ items: ClosingRecord[] }>(
      w.t.app,
      'GET',
      '/v1/daily-cash-closing-cash',
      {
        token: w.admin,
        query: { branchId: String(w.zonaRio), startDate: RIO_DAY, endDate: RIO_DAY },
      },
    );
    const row = cashList.body.data.items[0]!;
    expect(row).toMatchObject({ id: closed.id, ...closed.products, difference: closed.difference });
    const bySearch = await call<{ items: ClosingRecord[] }>(
      w.t.app,
      'GET',
      '/v1/daily-cash-closing',
      {
        token: w.admin,
        query: { search: closed.folio },
      },
    );
    expect(bySearch.body.data.items.map((item) => item.id)).toEqual([closed.id]);
    const badSort = await call(w.t.app, 'GET', '/v1/daily-cash-closing', {
      token: w.admin,
      query: { field: 'nada' },
    });
    expect(badSort.status).toBe(400);
  });

  it('the detail pages the payments it counted; its PDF names the folio and the difference', async () => {
    const first = (await detail(closed.id)).body.data;
    expect(first.payments.meta).toMatchObject({ page: 1, take: 5 });
    const total = first.payments.meta.itemCount;
    const last = await detail(closed.id, { page: String(Math.ceil(total / 5)) });
    expect(last.body.data.payments.items.length).toBe(total - 5 * (Math.ceil(total / 5) - 1));
    const past = await detail(closed.id, { page: '99' });
    expect(past.body.data.payments).toMatchObject({ items: [], meta: { itemCount: total } });
    expect((await detail(99_999_999)).body.code).toBe(NotFound.cashClosing);
    const pdf = await w.t.app.inject({
      method: 'GET',
      url: `/v1/daily-cash-closing/${closed.id}/download`,
      headers: { authorization: `Bearer ${w.admin}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const document = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
    const { text } = await extractText(document, { mergePages: true });
    expect(text).toContain(closed.folio);
    expect(text).toContain('Diferencia');
    expect(text).toContain('-$7.50');
  });
});
