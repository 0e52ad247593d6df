import type { FastifyInstance } from 'fastify';
import type { OrderRecord } from '@clinica/domain';
import { branchId, call, signInAs } from '../harness';

/** Factories of the sales' tests: the world a sale starts from, coupons, payments, orders. */

type Named = { id: number; name: string };
export type SaleTreatment = Named & { price: number; points: number };

export interface SaleWorld {
  app: FastifyInstance;
  /** A Super Administrador's token (all branches, every privilege). */
  admin: string;
  /** Two branches of the chain: the sale's and another. */
  branch: number;
  otherBranch: number;
  /** Active treatments with a price and points, cheapest first. */
  treatments: SaleTreatment[];
}

/** The world a sale test starts from. */
export async function saleWorld(app: FastifyInstance): Promise<SaleWorld> {
  const admin = (await signInAs(app, 'superAdmin')).token;
  const listed = await call<{ items: (SaleTreatment & { active: boolean })[] }>(
    app,
    'GET',
    '/v1/treatment',
    { token: admin, query: { take: '100', status: '1' } },
  );
  const treatments = listed.body.data.items
    .filter((item) => item.price > 0 && item.points > 0)
    .map(({ id, name, price, points }) => ({ id, name, price: Number(price), points }))
    .sort((a, b) => a.price - b.price || a.id - b.id);
  if (treatments.length < 3) throw new Error('Se necesitan tres tratamientos con precio y puntos');
  return {
    app,
    admin,
    branch: await branchId(app, 'Zona Río'),
    otherBranch: await branchId(app, 'Playas de Tijuana'),
    treatments,
  };
}

let coupons = 0;

/** A treatment coupon at the world's branch: `discount` percent off, `limit` uses. */
export async function newCoupon(
  world: SaleWorld,
  treatmentId: number,
  options: { discount?: number; limit?: number } = {},
): Promise<{ id: number; code: string }> {
  coupons += 1;
  const code = `FAB${process.pid % 1000}X${coupons}`.slice(0, 15);
  const answer = await call<{ id: number; code: string }>(world.app, 'POST', '/v1/coupon/create', {
    token: world.admin,
    body: {
      code,
      name: `Cupón de fábrica ${coupons}`,
      description: 'Cupón de prueba',
      branchesIds: [world.branch, world.otherBranch],
      limit: options.limit ?? 5,
      type: 'Treatment',
      treatmentId,
      discount: options.discount ?? 10,
      expireDate: '2027-12-31',
    },
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return { id: answer.body.data.id, code };
}

export type Payment = {
  paymentMethod: string;
  amount: number;
  currency: 'MXN' | 'DLS';
  reference?: string;
};
export const cash = (amount: number): Payment => ({
  paymentMethod: 'Efectivo',
  amount,
  currency: 'MXN',
});
export const card = (amount: number): Payment => ({
  paymentMethod: 'Tarjeta de crédito',
  amount,
  currency: 'MXN',
});
export const debit = (amount: number): Payment => ({
  paymentMethod: 'Tarjeta de débito',
  amount,
  currency: 'MXN',
});
export const points = (amount: number): Payment => ({
  paymentMethod: 'Puntos',
  amount,
  currency: 'MXN',
});

export interface SaleOptions {
  customerId: number;
  /** The treatment lines: [treatment, quantity]. Default: one of the cheapest. */
  lines?: [SaleTreatment, number][];
  /** How the total is paid: each method's share, in order; the last takes the rest. */
  payWith?: ((amount: number) => Payment)[];
  couponCode?: string;
  origin?: 'SUCURSAL' | 'APP' | 'LINEA';
  branchId?: number;
  sellerId?: number;
  appointmentId?: number;
  token?: string;
}

/** The body of a sale (what create and quote take), paid by card unless said otherwise. */
export function saleBody(world: SaleWorld, options: SaleOptions, total?: number) {
  const lines = options.lines ?? [[world.treatments[0]!, 1]];
  const due = total ?? lines.reduce((sum, [item, quantity]) => sum + item.price * quantity, 0);
  const methods = options.payWith ?? [card];
  const share = Math.floor((due / methods.length) * 100) / 100;
  const payments = methods.map((method, index) =>
    method(
      index === methods.length - 1
        ? Math.round((due - share * (methods.length - 1)) * 100) / 100
        : share,
    ),
  );
  return {
    origin: options.origin ?? 'SUCURSAL',
    branchId: options.branchId ?? world.branch,
    customerId: options.customerId,
    ...(options.sellerId ? { sellerId: options.sellerId } : {}),
    ...(options.couponCode ? { couponCode: options.couponCode } : {}),
    ...(options.appointmentId ? { appointmentId: options.appointmentId } : {}),
    orderDetails: lines.map(([item, quantity]) => ({ treatmentId: item.id, quantity })),
    payments: payments.filter((payment) => payment.amount > 0),
  };
}

/**
 * An order created through POST /order/create. With a coupon the total is asked of the quote
 * first, so the payments cover exactly what the server charges.
 */
export async function newOrder(world: SaleWorld, options: SaleOptions): Promise<OrderRecord> {
  const token = options.token ?? world.admin;
  let total: number | undefined;
  if (options.couponCode) {
    const quote = await call<{ total: number }>(world.app, 'POST', '/v1/order/quote', {
      token,
      body: saleBody(world, { ...options, payWith: [card] }, 0.01),
    });
    if (quote.status !== 200) throw new Error(JSON.stringify(quote.body));
    total = quote.body.data.total;
  }
  const answer = await call<OrderRecord>(world.app, 'POST', '/v1/order/create', {
    token,
    body: saleBody(world, options, total),
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.data;
}
