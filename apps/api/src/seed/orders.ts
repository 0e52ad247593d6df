import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import {
  isOnSale,
  orderBody,
  orderTotals,
  toMxn,
  type OrderRecord,
  saleWindowOf,
  type orderPaymentBody,
} from '@clinica/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client';
import * as schema from '../db/schema';
import type { Clock } from '../platform/clock';
import type { Context } from '../platform/context';
import { AppError } from '../platform/errors';
import { sessionAs } from './demo-history';
import { createOrder, settleOrder } from '../modules/orders/order.service';
import { applyRefund } from '../modules/orders/order-refund';
import { rateAt } from '../modules/settings-goals/exchange-rate';

/**
 * The demo's orders (issue 15): a few hundred sales over the last eight months across the clinics
 * and customers, made through the sale's own service (the one `POST /order/create` calls), so
 * prices, coupons, points, purchased products and the audit log are the real ones. Packages (the
 * customers then hold sessions), promotions within their hours, coupons, dollars, points, app and
 * online orders settled afterwards, a few still pending. A seeded generator keeps it the same on
 * every run.
 */

const DAY = 86_400_000;
/**
 * 200 orders take about 7 s of the demo seed on the embedded database; the API tests seed a fresh
 * database per file and read few of them, so under Vitest the demo sells 60.
 */
const ORDERS = process.env.VITEST ? 60 : 200;
const SPAN_DAYS = 240;
/** About one paid sale in twelve is refunded, a few days after it (issue 25). */
const REFUND_EVERY = 12;
const REFUND_REASONS = [
  'El cliente cambió de opinión',
  'Reacción alérgica en la valoración',
  'Cobro duplicado',
  'El cliente se mudó de ciudad',
];
const REFUND_METHODS = [
  'Efectivo',
  'Tarjeta de crédito',
  'Tarjeta de débito',
  'Transferencia electrónica',
] as const;

type Payment = z.input<typeof orderPaymentBody>;

/** A small deterministic generator (mulberry32). */
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

async function offersOnSale(tx: Tx) {
  const offers = await tx
    .select({
      id: schema.offer.id,
      type: schema.offer.type,
      price: schema.offer.price,
      active: schema.offer.active,
      paymentType: schema.offer.paymentType,
      validBySchedule: schema.offer.validBySchedule,
      startDate: schema.offer.startDate,
      endDate: schema.offer.endDate,
      validByTime: schema.offer.validByTime,
      startTime: schema.offer.startTime,
      endTime: schema.offer.endTime,
    })
    .from(schema.offer)
    .where(isNull(schema.offer.deletedAt))
    .orderBy(asc(schema.offer.id));
  const branches = await tx
    .select({
      packageId: schema.offerBranch.packageId,
      id: schema.branch.id,
      zone: schema.branch.zone,
    })
    .from(schema.offerBranch)
    .innerJoin(schema.branch, eq(schema.branch.id, schema.offerBranch.branchId));
  return offers.map((offer) => ({
    id: offer.id,
    price: Number(offer.price),
    window: saleWindowOf(
      offer,
      branches.filter((row) => row.packageId === offer.id),
    ),
  }));
}

export async function seedOrdersDemo(tx: Tx, now: Date): Promise<void> {
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
  const treatments = await tx
    .select({ id: schema.treatment.id, price: schema.treatment.price })
    .from(schema.treatment)
    .where(and(eq(schema.treatment.active, true), isNull(schema.treatment.deletedAt)))
    .orderBy(asc(schema.treatment.id));
  const staff = await tx
    .select({ id: schema.kardex.userId, branchId: schema.kardex.branchId })
    .from(schema.kardex)
    .innerJoin(schema.user, eq(schema.user.id, schema.kardex.userId))
    .where(isNull(schema.user.deletedAt));
  const coupons = await tx
    .select({
      code: schema.coupon.code,
      treatmentId: schema.coupon.treatmentId,
      discount: schema.coupon.discount,
    })
    .from(schema.coupon)
    .where(
      and(
        isNull(schema.coupon.deletedAt),
        eq(schema.coupon.status, true),
        eq(schema.coupon.type, 'Treatment'),
        gt(schema.coupon.usageLimit, schema.coupon.used),
      ),
    );
  if (clinics.length === 0 || buyers.length < 20 || treatments.length === 0) return;
  const offers = await offersOnSale(tx);
  const admin = await sessionAs(tx as unknown as Db, 'admin@clinica.mx');
  const random = generator(15);
  const at = (instant: Date): Context => ({
    db: tx as unknown as Db,
    clock: { now: () => instant } as Clock,
    session: admin,
  });

  // Most buyers come back now and then; a third only early on, so they are missed (30+ days).
  const regulars = buyers.filter((_, index) => index % 3 !== 0);
  const lapsed = buyers.filter((_, index) => index % 3 === 0);
  const instants = Array.from({ length: ORDERS }, () => {
    const day = Math.floor(random.next() * SPAN_DAYS);
    // 10:00 to 19:00 in Tijuana (UTC−8): 18:00 to 03:00 UTC of the next day.
    const minutes = 18 * 60 + Math.floor(random.next() * 9 * 60);
    const midnight = Math.floor((now.getTime() - (day + 1) * DAY) / DAY) * DAY;
    return new Date(midnight + minutes * 60_000);
  })
    .filter((instant) => instant.getTime() < now.getTime() - 60 * 60_000)
    .sort((a, b) => a.getTime() - b.getTime());

  const pointsOf = async (customerId: number) => {
    const [row] = await tx
      .select({ points: schema.customer.points })
      .from(schema.customer)
      .where(eq(schema.customer.id, customerId));
    return row?.points ?? 0;
  };

  for (const [index, instant] of instants.entries()) {
    const daysAgo = (now.getTime() - instant.getTime()) / DAY;
    const branchId = random.pick(clinics).id;
    const customerId = random.pick(daysAgo > 45 && random.next() < 0.5 ? lapsed : regulars).id;
    const sellers = staff.filter((member) => member.branchId === branchId);
    const roll = random.next();
    const origin = roll < 0.12 ? 'APP' : roll < 0.18 ? 'LINEA' : 'SUCURSAL';
    let method = random.pick(
      origin === 'SUCURSAL'
        ? [
            'Efectivo',
            'Efectivo',
            'Tarjeta de crédito',
            'Tarjeta de débito',
            'Transferencia electrónica',
          ]
        : ['Tarjeta de crédito', 'Tarjeta de débito'],
    );

    // An offer on sale at that branch and instant with that method, every third order or so.
    const sellable =
      random.next() < 0.4
        ? offers.filter((offer) => isOnSale(offer.window, branchId, instant, method))
        : [];
    const offer = sellable.length > 0 ? random.pick(sellable) : null;
    // A coupon now and then in the last weeks, on the treatment it discounts.
    const coupon =
      !offer && daysAgo < 60 && coupons.length > 0 && random.next() < 0.5
        ? random.pick(coupons)
        : undefined;
    const treatment =
      treatments.find((item) => coupon && item.id === coupon.treatmentId) ??
      random.pick(treatments);
    const quantity = offer ? 1 : random.next() < 0.15 ? 2 : 1;
    const unit = offer ? offer.price : Number(treatment.price);
    const owed = orderTotals(
      [{ quantity, price: unit, salePrice: unit, points: 0, couponApplies: !!coupon }],
      coupon ? Number(coupon.discount) : null,
    ).total;

    const payments: Payment[] = [];
    if (origin === 'SUCURSAL' && !offer && random.next() < 0.12) {
      const points = Math.min(await pointsOf(customerId), Math.floor(owed / 2));
      if (points > 0) {
        payments.push({ paymentMethod: 'Puntos', amount: points, currency: 'MXN' });
        method = 'Tarjeta de débito';
      }
    }
    if (
      origin === 'SUCURSAL' &&
      payments.length === 0 &&
      method === 'Efectivo' &&
      random.next() < 0.25
    ) {
      // Dollars in cash: enough whole dollars at the day's rate; the rest is change.
      const rate = (await rateAt(tx, instant)).exchangeRate;
      const dollars = Math.ceil(owed / rate) + 5;
      if (toMxn(dollars, 'DLS', rate) >= owed)
        payments.push({ paymentMethod: 'Efectivo', amount: dollars, currency: 'DLS' });
    }
    if (payments.every((payment) => payment.paymentMethod === 'Puntos')) {
      const rest = owed - payments.reduce((sum, payment) => sum + payment.amount, 0);
      const amount = method === 'Efectivo' ? Math.ceil(rest / 100) * 100 : rest;
      if (amount > 0)
        payments.push({
          paymentMethod: method as Payment['paymentMethod'],
          amount: Math.round(amount * 100) / 100,
          currency: 'MXN',
          ...(method === 'Efectivo' ? {} : { reference: `REF${String(index).padStart(6, '0')}` }),
        });
    }

    const body = orderBody.parse({
      origin,
      branchId,
      customerId,
      ...(sellers.length > 0 ? { sellerId: random.pick(sellers).id } : {}),
      ...(coupon ? { couponCode: coupon.code } : {}),
      orderDetails: [
        offer ? { packageId: offer.id, quantity } : { treatmentId: treatment.id, quantity },
      ],
      payments,
    });
    let created: OrderRecord | undefined;
    try {
      created = await createOrder(at(instant), body);
    } catch (error) {
      // A coupon already used by that customer, or the points a concurrent line took: sold without.
      if (!(error instanceof AppError) || !coupon) continue;
      const cash = Math.ceil((unit * quantity) / 100) * 100;
      try {
        created = await createOrder(at(instant), {
          ...body,
          couponCode: null,
          payments: [
            { paymentMethod: 'Efectivo' as const, amount: cash, currency: 'MXN' as const },
          ],
        });
      } catch {
        continue;
      }
    }
    if (!created) continue;
    let paid = origin === 'SUCURSAL';
    if (origin !== 'SUCURSAL') {
      // The gateway answers a few minutes later; the last days' orders may still be waiting.
      const answer = random.next();
      if (daysAgo < 10 && answer < 0.5) continue;
      await settleOrder(at(new Date(instant.getTime() + 7 * 60_000)), created.id, {
        paymentStatus: answer < 0.9 ? 'paid' : 'error',
        reference: `PAY-${String(created.orderNumber)}`,
      });
      paid = answer < 0.9;
    }
    // Some paid sales come back a few days later, through the refund's own service: no coupon
    // sale (it would free the coupon) and none of the last six days (not the run's clock).
    const refundAt = new Date(instant.getTime() + (1 + Math.floor(random.next() * 5)) * DAY);
    if (paid && !coupon && daysAgo > 5 && index % REFUND_EVERY === 5)
      await applyRefund(at(refundAt), created.id, {
        refundReason: random.pick(REFUND_REASONS),
        refundMethod: random.pick(REFUND_METHODS),
      });
  }
}
