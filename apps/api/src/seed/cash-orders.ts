import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { CASH_ORDER_PRODUCT_TYPES, cashOrderBody, cashOrderTotals } from '@clinica/domain';
import type { Db, Tx } from '../db/client';
import * as schema from '../db/schema';
import type { Clock } from '../platform/clock';
import type { Context } from '../platform/context';
import { AppError } from '../platform/errors';
import { sessionAs } from './demo-history';
import { createCashOrder } from '../modules/cash-orders/cash-order.service';
import { applyCashRefund } from '../modules/cash-orders/cash-order-refund';

/**
 * The demo's counter sales (issue 26): products sold in every clinic over the last months from
 * the clinic's lots (soonest expiry first), through the sale's own service, so prices, IVA, the
 * ledger's `cash-order` movements, points and commissions are the real ones; about one in eight
 * is refunded a few days later through the refund's service (units back to their lots). No
 * coupons (the coupons' demo counts stay as they are). A seeded generator keeps it the same.
 */

const DAY = 86_400_000;
const SALES = process.env.VITEST ? 30 : 120;
const SPAN_DAYS = 150;
const REFUND_EVERY = 8;
const METHODS = ['Efectivo', 'Efectivo', 'Tarjeta de crédito', 'Tarjeta de débito'] as const;

function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

export async function seedCashOrdersDemo(tx: Tx, now: Date): Promise<void> {
  const clinics = await tx
    .select({ id: schema.branch.id })
    .from(schema.branch)
    .where(and(eq(schema.branch.distributionCenter, false), isNull(schema.branch.deletedAt)))
    .orderBy(asc(schema.branch.id));
  const buyers = await tx
    .select({ id: schema.customer.id })
    .from(schema.customer)
    .where(
      and(
        isNull(schema.customer.deletedAt),
        eq(schema.customer.status, true),
        eq(schema.customer.blackList, 0),
      ),
    )
    .orderBy(asc(schema.customer.id));
  const sellers = await tx
    .select({ id: schema.user.id, branchId: schema.kardex.branchId })
    .from(schema.user)
    .innerJoin(schema.kardex, eq(schema.kardex.userId, schema.user.id))
    .innerJoin(schema.role, eq(schema.role.id, schema.user.roleId))
    .where(
      and(
        isNull(schema.user.deletedAt),
        eq(schema.user.status, 'activo'),
        eq(schema.role.key, 'cosmetologist'),
      ),
    )
    .orderBy(asc(schema.user.id));
  if (clinics.length === 0 || sellers.length === 0) return;
  const admin = await sessionAs(tx as unknown as Db, 'admin@clinica.mx');
  const at = (instant: Date): Context => ({
    db: tx as unknown as Db,
    clock: { now: () => instant } as Clock,
    session: admin,
  });
  const random = generator(26);
  const instants = Array.from({ length: SALES }, () => {
    const day = 2 + Math.floor(random.next() * SPAN_DAYS);
    const minutes = 18 * 60 + Math.floor(random.next() * 9 * 60);
    const midnight = Math.floor((now.getTime() - (day + 1) * DAY) / DAY) * DAY;
    return new Date(midnight + minutes * 60_000);
  }).sort((a, b) => a.getTime() - b.getTime());

  for (const [index, instant] of instants.entries()) {
    const branchId = clinics[index % clinics.length]!.id;
    const staff = sellers.filter((member) => member.branchId === branchId);
    if (staff.length === 0) continue;
    // The clinic's lots with units of products sold to customers, soonest expiry first.
    const lots = await tx
      .select({
        stockId: schema.stock.id,
        productId: schema.stock.productId,
        quantity: schema.stock.quantity,
        salePrice: schema.product.salePrice,
        tax: schema.product.tax,
      })
      .from(schema.stock)
      .innerJoin(schema.product, eq(schema.product.id, schema.stock.productId))
      .innerJoin(schema.productType, eq(schema.productType.id, schema.product.productTypeId))
      .where(
        and(
          eq(schema.stock.branchId, branchId),
          isNull(schema.stock.deletedAt),
          gte(schema.stock.quantity, 3),
          sql`${schema.product.salePrice} IS NOT NULL`,
          inArray(schema.productType.name, [...CASH_ORDER_PRODUCT_TYPES]),
          // Only lots that had received units by then: no lot gives before it receives.
          sql`EXISTS (SELECT 1 FROM ${schema.stockMovement} m WHERE m.stock_id = ${schema.stock.id}
                AND m.quantity > 0 AND m.created_at < ${instant.toISOString()}::timestamptz)`,
        ),
      )
      .orderBy(sql`${schema.stock.expiresIn} ASC NULLS LAST`, asc(schema.stock.id));
    if (lots.length === 0) continue;
    const chosen = [random.pick(lots)];
    if (lots.length > 1 && random.next() < 0.35) {
      const other = random.pick(lots.filter((lot) => lot.productId !== chosen[0]!.productId));
      if (other) chosen.push(other);
    }
    const lines = chosen.map((lot) => ({ lot, quantity: 1 + Math.floor(random.next() * 2) }));
    const total = cashOrderTotals(
      lines.map(({ lot, quantity }) => ({
        salePrice: Number(lot.salePrice),
        quantity,
        tax: lot.tax,
      })),
      null,
    ).total;
    const method = random.pick(METHODS);
    const amount = method === 'Efectivo' ? Math.ceil(total / 100) * 100 : total;
    const named = buyers.length > 0 && random.next() < 0.6;
    const body = cashOrderBody.parse({
      branchId,
      sellerId: random.pick(staff).id,
      ...(named ? { customerId: random.pick(buyers).id } : {}),
      cashOrderDetails: lines.map(({ lot, quantity }) => ({ stockId: lot.stockId, quantity })),
      payments: [
        {
          paymentMethod: method,
          amount,
          currency: 'MXN',
          ...(method === 'Efectivo' ? {} : { reference: `VP${String(index).padStart(6, '0')}` }),
        },
      ],
    });
    try {
      const sold = await createCashOrder(at(instant), body);
      if (index % REFUND_EVERY === 3)
        await applyCashRefund(
          at(new Date(instant.getTime() + (1 + Math.floor(random.next() * 2)) * DAY)),
          sold.id,
          {
            refundReason: 'Producto equivocado',
            refundMethod: method === 'Efectivo' ? 'Efectivo' : 'Tarjeta de débito',
          },
        );
    } catch (error) {
      // A lot emptied by an earlier line of the demo: that sale is skipped.
      if (!(error instanceof AppError)) throw error;
    }
  }
}
