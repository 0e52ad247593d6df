import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { ASSORTMENT_ORDER_TYPES, assortmentOrderRoutes, type FlowStatus } from '@clinica/domain';
import type { Db, Tx } from '../db/client';
import * as schema from '../db/schema';
import type { Clock } from '../platform/clock';
import type { Context } from '../platform/context';
import {
  approveAssortmentOrder,
  confirmAssortmentOrder,
  rejectAssortmentOrder,
} from '../modules/stock-flows/assortment-order-flow';
import {
  createAssortmentOrder,
  deleteAssortmentOrder,
} from '../modules/stock-flows/assortment-order.service';
import { sessionAs } from './demo-history';

/**
 * The demo's assortment orders (issue 13): every order type in every status, made by the staff
 * who would make each step through the same services the API calls, so the units that left the
 * distribution centre, those in transit and those received carry their movements and the history
 * names the orders. The clinics ask (the branch manager, the franchisee, the super administrator
 * for Mexicali), logistics approves and rejects, and each branch confirms what it received (the
 * franchisee's branch through logistics: the franchisee only reads orders). Runs inside the demo
 * seed's transaction, after the distribution centre's lots exist.
 */

const DAY = 86_400_000;
const STATUSES: FlowStatus[] = ['En proceso', 'En transito', 'Terminada', 'Rechazada', 'Eliminada'];

interface Lot {
  id: number;
  productId: number;
  quantity: number;
  /** When its units arrived (its first movement): nothing leaves a lot before that. */
  since: Date;
}

/** The distribution centre's lots with units, of live approved products, by product. */
async function centreLots(tx: Tx): Promise<Map<number, Lot[]>> {
  const rows = await tx
    .select({
      id: schema.stock.id,
      productId: schema.stock.productId,
      quantity: schema.stock.quantity,
      since: sql<Date>`(SELECT min(m.created_at) FROM stock_movement m WHERE m.stock_id = ${schema.stock.id})`,
    })
    .from(schema.stock)
    .innerJoin(schema.branch, eq(schema.branch.id, schema.stock.branchId))
    .innerJoin(schema.product, eq(schema.product.id, schema.stock.productId))
    .where(
      and(
        eq(schema.branch.distributionCenter, true),
        isNull(schema.stock.deletedAt),
        gt(schema.stock.quantity, 0),
        isNotNull(schema.product.approvedAt),
        isNull(schema.product.deletedAt),
      ),
    )
    .orderBy(asc(schema.stock.productId), asc(schema.stock.id));
  const byProduct = new Map<number, Lot[]>();
  for (const row of rows)
    byProduct.set(row.productId, [
      ...(byProduct.get(row.productId) ?? []),
      { ...row, since: new Date(row.since) },
    ]);
  return byProduct;
}

export async function seedAssortmentOrdersDemo(tx: Tx, now: Date): Promise<void> {
  const db = tx as unknown as Db;
  const lots = await centreLots(tx);
  const productIds = [...lots.keys()];
  if (productIds.length < 3) return;
  const clinics = await tx
    .select({ id: schema.branch.id, name: schema.branch.name })
    .from(schema.branch)
    .where(and(eq(schema.branch.distributionCenter, false), isNull(schema.branch.deletedAt)))
    .orderBy(asc(schema.branch.id));
  const [zonaRio, playas, mexicali] = clinics;
  if (!zonaRio || !playas || !mexicali) return;
  const people = {
    admin: await sessionAs(db, 'admin@clinica.mx'),
    logistics: await sessionAs(db, 'logistica@clinica.mx'),
    manager: await sessionAs(db, 'gerente@clinica.mx'),
    franchisee: await sessionAs(db, 'franquicia@clinica.mx'),
  };
  // Who asks for each clinic, and who confirms there.
  const clinicsAsking = [
    { branchId: zonaRio.id, asks: people.manager, confirms: people.manager },
    { branchId: playas.id, asks: people.franchisee, confirms: people.logistics },
    { branchId: mexicali.id, asks: people.admin, confirms: people.admin },
  ];
  const as = (session: Context['session'], daysAgo: number, hours = 0): Context => ({
    db,
    clock: { now: () => new Date(now.getTime() - daysAgo * DAY + hours * 3_600_000) } as Clock,
    session,
  });

  // A clinic never asks for more than its max of a product (when it has one that is not 0).
  const limits = await tx
    .select({
      branchId: schema.maxMin.branchId,
      productId: schema.maxMin.productId,
      max: schema.maxMin.max,
    })
    .from(schema.maxMin)
    .where(isNull(schema.maxMin.deletedAt));
  const maxOf = new Map(limits.map((row) => [`${row.branchId}:${row.productId}`, row.max]));
  const withinMax = (branchId: number, productId: number, quantity: number) => {
    const max = maxOf.get(`${branchId}:${productId}`) ?? 0;
    return max === 0 ? quantity : Math.min(quantity, max);
  };

  let pick = 0;
  let count = 0;
  for (const [typeIndex, orderType] of ASSORTMENT_ORDER_TYPES.entries()) {
    for (const [statusIndex, status] of STATUSES.entries()) {
      const clinic = clinicsAsking[count % clinicsAsking.length]!;
      count += 1;
      // Oldest first: about a day and a half apart over the last six weeks, the last confirmed
      // two days ago.
      const daysAgo = 45 - Math.round(count * 1.6);
      // Products whose units had reached the centre by the order's day (none leaves before).
      const orderedAt = now.getTime() - daysAgo * DAY;
      const arrived = productIds.filter((productId) =>
        (lots.get(productId) ?? []).some((lot) => lot.since.getTime() <= orderedAt),
      );
      const offer = arrived.length >= 3 ? arrived : productIds;
      const chosen = [0, 1, 2]
        .slice(0, 2 + ((typeIndex + statusIndex) % 2))
        .map(() => offer[pick++ % offer.length]!);
      const order = await createAssortmentOrder(
        as(clinic.asks, daysAgo),
        assortmentOrderRoutes.create.body.parse({
          orderType,
          ...(clinic.asks.branchFixed ? {} : { branchId: clinic.branchId }),
          comments:
            orderType === 'Orden de apertura'
              ? 'Surtido inicial de la cabina nueva.'
              : statusIndex === 3
                ? 'Urgente para la campaña del mes.'
                : null,
          assortmentOrderProducts: chosen.map((productId, index) => ({
            productId,
            orderedQuantity: withinMax(clinic.branchId, productId, 2 + ((count + index * 3) % 5)),
          })),
        }),
      );
      if (status === 'Eliminada') {
        await deleteAssortmentOrder(as(clinic.asks, daysAgo, 3), order.id);
        continue;
      }
      if (status === 'En proceso') continue;
      if (status === 'Rechazada' && count % 2 === 0) {
        await rejectAssortmentOrder(as(people.logistics, daysAgo - 1), order.id, {
          reason: 'Se surtirá en la orden ordinaria de la próxima semana.',
        });
        continue;
      }
      // Logistics sends each product from the centre's lots, the first product of the order
      // split over two lots when it has two with enough units.
      const lines = order.assortmentOrderProducts.flatMap((line, index) => {
        const sentAt = now.getTime() - (daysAgo - 1) * DAY;
        const available = (lots.get(line.productId) ?? []).filter(
          (lot) => lot.quantity >= line.orderedQuantity && lot.since.getTime() <= sentAt,
        );
        const [first, second] = available;
        if (!first) return [];
        const split = index === 0 && second !== undefined && line.orderedQuantity >= 2;
        const parts: [Lot, number][] = split
          ? [
              [first, line.orderedQuantity - 1],
              [second, 1],
            ]
          : [[first, line.orderedQuantity]];
        for (const [lot, quantity] of parts) lot.quantity -= quantity;
        return parts.map(([lot, stockedQuantity]) => ({
          productId: line.productId,
          stockId: lot.id,
          stockedQuantity,
        }));
      });
      if (
        new Set(lines.map((line) => line.productId)).size !== order.assortmentOrderProducts.length
      )
        continue;
      const approved = await approveAssortmentOrder(
        as(people.logistics, daysAgo - 1),
        order.id,
        assortmentOrderRoutes.approve.body.parse({ assortmentOrderProducts: lines }),
      );
      if (status === 'Rechazada') {
        // Sent, then called back before it arrived: the units return to their lots.
        for (const line of approved.assortmentOrderProducts) {
          const lot = lots.get(line.productId)?.find((candidate) => candidate.id === line.stockId);
          if (lot) lot.quantity += line.stockedQuantity ?? 0;
        }
        await rejectAssortmentOrder(as(people.logistics, daysAgo - 2), order.id, {
          reason: 'La sucursal cerró por remodelación esa semana.',
        });
        continue;
      }
      if (status === 'Terminada') {
        // One in three arrives with a unit missing from its first line.
        const short = count % 3 === 0;
        await confirmAssortmentOrder(
          as(clinic.confirms, daysAgo - 3),
          order.id,
          assortmentOrderRoutes.confirm.body.parse({
            assortmentOrderProducts: approved.assortmentOrderProducts.map((line, index) => ({
              id: line.id,
              receivedQuantity: (line.stockedQuantity ?? 0) - (short && index === 0 ? 1 : 0),
            })),
          }),
        );
      }
    }
  }
}
