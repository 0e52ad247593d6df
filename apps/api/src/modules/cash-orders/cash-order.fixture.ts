import { afterAll, beforeAll, expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { CashOrderRecord } from '@clinica/domain';
import { queryRows } from '../../db/client';
import { product, productType, stock } from '../../db/schema';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { unbalancedLots, unbalancedSummaries } from '../inventory/ledger';

/**
 * The world of the cash-order tests: the test app, tokens, two branches, sellers, and products and
 * lots of the test's own (made through the stock adjustment route, so they enter the ledger).
 */

export const w = {} as {
  t: TestApp;
  admin: string;
  manager: string;
  zonaRio: number;
  playas: number;
  /** Active cosmetologists of Zona Río (two) and one of Playas; a medic of Zona Río. */
  cosmetologists: number[];
  playasCosmetologist: number;
  medic: number;
};

async function staff(role: string, branch: number) {
  const rows = await queryRows<{ id: number }>(
    w.t.app.db,
    sql`SELECT u.id FROM "user" u JOIN role r ON r.id = u.role_id JOIN kardex k ON k.user_id = u.id
        WHERE r.key = ${role} AND k.branch_id = ${branch} AND u.status = 'activo' AND u.deleted_at IS NULL
        ORDER BY u.id`,
  );
  return rows.map((row) => Number(row.id));
}

export function useCashWorld() {
  beforeAll(async () => {
    w.t = await createTestApp();
    w.admin = (await signInAs(w.t.app, 'superAdmin')).token;
    w.manager = (await signInAs(w.t.app, 'branchManager')).token;
    w.zonaRio = await branchId(w.t.app, 'Zona Río');
    w.playas = await branchId(w.t.app, 'Playas de Tijuana');
    w.cosmetologists = await staff('cosmetologist', w.zonaRio);
    w.playasCosmetologist = (await staff('cosmetologist', w.playas))[0]!;
    w.medic = (await staff('medic', w.zonaRio))[0]!;
    expect(w.cosmetologists.length).toBeGreaterThanOrEqual(2);
  }, 240_000);
  afterAll(async () => {
    await w.t?.close();
  });
}

let serial = 0;
/** An approved product of a type, with its sale price, IVA and points. */
export async function newProduct(
  options: { type?: string; salePrice?: number; tax?: number; points?: number } = {},
) {
  serial += 1;
  const [type] = await w.t.app.db
    .select({ id: productType.id })
    .from(productType)
    .where(eq(productType.name, options.type ?? 'Cosmetólogo/Venta'));
  const [row] = await w.t.app.db
    .insert(product)
    .values({
      sku: `VP-${process.pid % 1000}-${serial}`.slice(0, 12),
      name: `Crema de mostrador ${serial}`,
      brand: 'Marca',
      barCode: '7501234500001',
      description: 'Para probar la venta de productos',
      contentType: 'Tubo',
      content: 1,
      measureUnit: 'pza',
      cost: 50,
      tax: options.tax ?? 16,
      productTypeId: type!.id,
      salePrice: options.salePrice ?? 250,
      points: options.points ?? 0,
      approvedAt: new Date(),
    })
    .returning({ id: product.id, sku: product.sku, name: product.name });
  return row!;
}

/** A lot with `quantity` units, registered through the ledger; its id. */
export async function newLot(
  productId: number,
  branch: number,
  quantity: number,
  allotment: string,
  expiresIn: string | null = '2027-06-30',
) {
  const answer = await call<{ stockId: number }>(w.t.app, 'POST', '/v1/stock/adjustment', {
    token: w.admin,
    body: {
      productId,
      branchId: branch,
      quantity,
      type: 'registration',
      allotment,
      expiresIn,
      justification: 'Inventario inicial',
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.stockId;
}

export async function lotQuantity(stockId: number) {
  const [row] = await w.t.app.db
    .select({ quantity: stock.quantity })
    .from(stock)
    .where(and(eq(stock.id, stockId)));
  return row!.quantity;
}

export type Body = Record<string, unknown>;

export const cash = (amount: number) => ({ paymentMethod: 'Efectivo', amount, currency: 'MXN' });

/** POST /cash-order/create as `token` (the admin's by default). */
export const sell = (body: Body, token = w.admin) =>
  call<CashOrderRecord>(w.t.app, 'POST', '/v1/cash-order/create', {
    token,
    body: {
      branchId: w.zonaRio,
      sellerId: w.cosmetologists[0],
      payments: [cash(100_000)],
      ...body,
    },
  });

export const refund = (orderNumber: string | number, body: Body = {}, token = w.admin) =>
  call<CashOrderRecord>(w.t.app, 'POST', `/v1/cash-order/${orderNumber}/refund`, {
    token,
    body: {
      refundReason: 'Producto equivocado',
      refundMethod: 'Efectivo',
      password: 'Admin1234',
      branchId: w.zonaRio,
      ...body,
    },
  });

export const balanced = async () => {
  expect(await unbalancedLots(w.t.app.db)).toEqual([]);
  expect(await unbalancedSummaries(w.t.app.db)).toEqual([]);
};
