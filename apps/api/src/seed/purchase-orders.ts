import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import {
  LOTLESS_PRODUCT_TYPE,
  linesTotal,
  purchaseOrderRoutes,
  type PAY_METHODS,
} from '@clinica/domain';
import type { Db, Tx } from '../db/client';
import * as schema from '../db/schema';
import type { Clock } from '../platform/clock';
import type { Context } from '../platform/context';
import { sessionAs } from './demo-history';
import {
  createPurchaseOrder,
  deletePurchaseOrder,
  updatePurchaseOrder,
} from '../modules/inventory/purchase-order.service';

/**
 * The distribution centre's stock arrives as it does in the chain: through purchase orders, made
 * by the logistics manager through the same service the API calls, so each lot's units come with
 * their `purchase` movements and the history names the order (CONTRACT §1, issue 12). Eight orders
 * over the last five months cover every approved product with one or two lots (one close to its
 * expiry); the older ones are paid, the recent ones pending, and one was entered by mistake and
 * deleted, its units taken back out.
 */

const DAY = 86_400_000;

/** 'YYYY-MM-DD' of an instant moved by whole days. */
const dayOf = (from: Date, days: number) =>
  new Date(from.getTime() + days * DAY).toISOString().slice(0, 10);

/** Months of shelf life by product type: injectables expire sooner than supplies. */
const SHELF_DAYS: Record<string, number> = {
  'Cosmetólogo/Venta': 720,
  'Médico/Venta': 540,
  'Uso Cabina': 720,
  Insumo: 1440,
};

interface Stocked {
  id: number;
  sku: string;
  cost: number;
  tax: number;
  type: string;
  providerId: number;
}

/** Every approved, live product with the first provider that sells it. */
async function approvedProducts(tx: Tx): Promise<Stocked[]> {
  const rows = await tx
    .select({
      id: schema.product.id,
      sku: schema.product.sku,
      cost: schema.product.cost,
      tax: schema.product.tax,
      type: schema.productType.name,
      providerId: schema.productProvider.providerId,
    })
    .from(schema.product)
    .innerJoin(schema.productType, eq(schema.productType.id, schema.product.productTypeId))
    .innerJoin(schema.productProvider, eq(schema.productProvider.productId, schema.product.id))
    .where(and(isNotNull(schema.product.approvedAt), isNull(schema.product.deletedAt)))
    .orderBy(asc(schema.product.id), asc(schema.productProvider.providerId));
  const first = new Map<number, Stocked>();
  for (const row of rows) if (!first.has(row.id)) first.set(row.id, row);
  return [...first.values()];
}

/** The orders: the products grouped by provider, large groups split, seven in all. */
function planOrders(products: Stocked[]): Stocked[][] {
  const byProvider = new Map<number, Stocked[]>();
  for (const item of products)
    byProvider.set(item.providerId, [...(byProvider.get(item.providerId) ?? []), item]);
  const groups = [...byProvider.values()];
  while (groups.length < 7) {
    const largest = groups.reduce((a, b) => (b.length > a.length ? b : a));
    if (largest.length < 2) break;
    groups.splice(
      groups.indexOf(largest),
      1,
      largest.slice(0, largest.length / 2),
      largest.slice(largest.length / 2),
    );
  }
  return groups;
}

const METHODS: (typeof PAY_METHODS)[number][] = [
  'Transferencia',
  'Cheque',
  'Transferencia',
  'Efectivo',
];

/**
 * Fills the distribution centre through purchase orders. Runs inside the demo seed's transaction,
 * after the staff exist; `now` is when the demo starts.
 */
export async function seedPurchaseOrdersDemo(tx: Tx, now: Date): Promise<void> {
  const session = await sessionAs(tx as unknown as Db, 'logistica@clinica.mx');
  const at = (daysAgo: number): Context => ({
    db: tx as unknown as Db,
    clock: { now: () => new Date(now.getTime() - daysAgo * DAY) } as Clock,
    session,
  });
  const groups = planOrders(await approvedProducts(tx));
  let batch = 5100;
  let nearExpiryGiven = false;
  for (const [index, items] of groups.entries()) {
    // Oldest first, about three weeks apart: 150 days ago up to a few days ago.
    const daysAgo = Math.max(3, 150 - index * 22);
    const arrivedAt = dayOf(now, -daysAgo);
    const lines = items.flatMap((item, position) => {
      const lotless = item.type === LOTLESS_PRODUCT_TYPE;
      const lots = lotless ? 1 : 1 + ((index + position) % 2);
      return Array.from({ length: lots }, (_, lot) => {
        batch += 17;
        const shelf = SHELF_DAYS[item.type] ?? 720;
        // One lot of the first injectable bought expires within the month (the danger colour).
        const nearExpiry = !lotless && !nearExpiryGiven && item.type === 'Médico/Venta';
        if (nearExpiry) nearExpiryGiven = true;
        const expiresAt = nearExpiry ? dayOf(now, 20) : dayOf(now, shelf - daysAgo - lot * 90);
        const made = arrivedAt.slice(2, 7).replace('-', '');
        return {
          productId: item.id,
          quantity: 20 + ((position * 13 + lot * 7 + index * 5) % 60),
          price: item.cost,
          allotment: lotless ? null : `${item.sku.charAt(0)}${made}-${batch}`,
          expiresAt: lotless ? null : expiresAt,
        };
      });
    });
    const total = linesTotal(
      lines.map((line) => ({
        ...line,
        tax: items.find((item) => item.id === line.productId)!.tax,
      })),
    );
    const base = lines.reduce((sum, line) => sum + line.quantity * line.price, 0);
    const order = await createPurchaseOrder(
      at(daysAgo),
      purchaseOrderRoutes.create.body.parse({
        invoiceNumber: `FAC-${String(2400 + index * 37).padStart(5, '0')}`,
        providerId: items[0]!.providerId,
        payMethod: METHODS[index % METHODS.length],
        arrivedAt,
        tax: Math.round((total - base) * 100) / 100,
        amount: total,
        comments: index === 1 ? 'Entrega parcial: el resto llega con la siguiente factura.' : null,
        purchaseOrderProducts: lines,
      }),
    );
    // The older orders were paid when their credit ran out; the last two months' are pending.
    if (daysAgo > 60) {
      const paidDaysAgo = Math.max(1, daysAgo - 1 - order.provider.payConditions);
      await updatePurchaseOrder(
        at(paidDaysAgo),
        order.id,
        purchaseOrderRoutes.update.body.parse({
          payStatus: 'Completado',
          payedAt: dayOf(now, -paidDaysAgo),
        }),
      );
    }
  }

  // An order entered twice by mistake, deleted the next day: its units left the lots again.
  const first = groups[0]![0]!;
  const duplicate = await createPurchaseOrder(
    at(40),
    purchaseOrderRoutes.create.body.parse({
      invoiceNumber: 'FAC-02400',
      providerId: first.providerId,
      payMethod: 'Transferencia',
      arrivedAt: dayOf(now, -40),
      tax: Math.round(first.cost * 10 * first.tax) / 100,
      amount: Math.round(first.cost * 10 * (100 + first.tax)) / 100,
      comments: 'Capturada dos veces; se elimina.',
      purchaseOrderProducts: [
        {
          productId: first.id,
          quantity: 10,
          price: first.cost,
          allotment:
            first.type === LOTLESS_PRODUCT_TYPE ? null : `${first.sku.charAt(0)}DUP-${batch + 1}`,
          expiresAt: first.type === LOTLESS_PRODUCT_TYPE ? null : dayOf(now, 400),
        },
      ],
    }),
  );
  await deletePurchaseOrder(at(39), duplicate.id);
}
