import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  Conflict,
  STOCK_CAUSES,
  type AssortmentOrderRecord,
  type SaleOrderRecord,
  type StockCause,
  type TransferRecord,
} from '@clinica/domain';
import { queryRows } from '../../db/client';
import { product } from '../../db/schema';
import {
  branchId,
  call,
  createTestApp,
  signInAs,
  type Answer,
  type TestApp,
} from '../../test/harness';
import { newProvider } from '../../test/factories';
import { onPostgres } from '../../test/races';
import { unbalancedLots } from '../inventory/ledger';

/**
 * Units are conserved (CONTRACT §9, issue 13's proof), on PostgreSQL: 1,000 random operations of
 * every flow that moves stock, fired through the HTTP API in concurrent waves, on a handful of
 * products and lots so that they collide. A refusal is fine (too few units, a step the order's
 * status no longer allows); a 500, or a deadlock or serialization failure (409 code 1), is not.
 * Afterwards, for every product, what the lots hold + what is in transit + what was lost on the
 * way + what left to customers changed by exactly what entered (purchases, registrations) less
 * what was dropped, as the test counted them from its own successful answers; the all-time
 * ledger agrees; no lot is below zero and each equals the sum of its movements.
 *
 * The run is reproducible: `CONSERVATION_SEED=<n>` replays the seed printed by a failing run.
 * Sale orders (create, update with new lines and quantities, delete) are entries of `OPERATIONS`
 * like the other flows; the sums count the units their live lines took out as sold to customers.
 */

const WAVES = 50;
const WAVE_SIZE = 20;

/** mulberry32: a small seeded generator, so a failing run can be replayed from its seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T | undefined =>
    items.length === 0 ? undefined : items[int(0, items.length - 1)];
  const chance = (p: number) => next() < p;
  /** `count` distinct items (fewer when there are not that many). */
  const some = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0)
      chosen.push(pool.splice(int(0, pool.length - 1), 1)[0]!);
    return chosen;
  };
  return { next, int, pick, chance, some };
}
type Random = ReturnType<typeof generator>;

interface Lot {
  id: number;
  branchId: number;
  productId: number;
  quantity: number;
}

interface Tracked<T> {
  status: string;
  record: T;
}

/** What the operations know: the chain, the lots as of this wave, the orders as last answered. */
interface World {
  rng: Random;
  branches: number[];
  cedis: number;
  products: number[];
  providerId: number;
  lots: Lot[];
  transfers: Map<number, Tracked<TransferRecord>>;
  assortments: Map<number, Tracked<AssortmentOrderRecord>>;
  /** Sale orders have no status of their own: 'Viva' until deleted ('Eliminada'). */
  sales: Map<number, Tracked<SaleOrderRecord>>;
  /** Units the test put in (purchases, registrations) and took out (drops), per product. */
  entered: Map<number, number>;
  dropped: Map<number, number>;
}

let t: TestApp;
let admin: string;
let logistics: string;

const ALLOTMENTS = [
  ['CONS-A', '2027-03-31'],
  ['CONS-B', '2027-09-30'],
  ['CONS-C', '2028-01-31'],
] as const;

const add = (map: Map<number, number>, key: number, units: number) =>
  map.set(key, (map.get(key) ?? 0) + units);

const post = <T>(
  token: string,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) => call<T>(t.app, method, `/v1${url}`, { token, body });

/**
 * Remembers the order a successful answer returned, under its status now; a sale order has none
 * of its own and is 'Viva' until a delete succeeds.
 */
function track<T extends { id: number }>(into: Map<number, Tracked<T>>, answer: Answer<T>) {
  const order = answer.body.data;
  if (answer.status < 300 && order?.id)
    into.set(order.id, { status: (order as { status?: string }).status ?? 'Viva', record: order });
}

const inStatus = <T>(map: Map<number, Tracked<T>>, status: string) =>
  [...map.entries()].filter(([, order]) => order.status === status).map(([id]) => id);

const lotsAt = (world: World, branch: number, productId?: number) =>
  world.lots.filter(
    (lot) =>
      lot.branchId === branch &&
      lot.quantity > 0 &&
      (productId === undefined || lot.productId === productId),
  );

/** Mostly within what the lot holds, now and then more (a refusal to exercise). */
const quantityFrom = (rng: Random, lot: { quantity: number }) =>
  rng.chance(0.1)
    ? lot.quantity + rng.int(1, 5)
    : rng.int(1, Math.max(1, Math.min(lot.quantity, 6)));

type Operation = (world: World) => Promise<Answer | null>;

type Flow = 'transfers' | 'assortments' | 'sales';
type RecordOf<F extends Flow> = World[F] extends Map<number, Tracked<infer T>> ? T : never;

const PATHS: Record<Flow, string> = {
  transfers: '/transfer',
  assortments: '/assortment-order',
  sales: '/sale-order',
};

/**
 * A step on an order already made: one of the flow's orders in one of the `from` statuses, the
 * call (its body from the order as last answered, or `null` when there is nothing to send), and
 * the order remembered as answered, or as 'Eliminada' once a delete succeeds.
 */
function step<F extends Flow>(
  flow: F,
  weight: number,
  spec: {
    from: string[];
    as: 'admin' | 'logistics';
    method: 'PUT' | 'PATCH' | 'DELETE';
    action: 'update' | 'approve' | 'confirm' | 'reject' | 'delete';
    body?: (world: World, order: RecordOf<F>) => unknown;
  },
): { weight: number; run: Operation } {
  return {
    weight,
    run: async (world) => {
      const orders = world[flow] as Map<number, Tracked<RecordOf<F>>>;
      const id = world.rng.pick(spec.from.flatMap((status) => inStatus(orders, status)));
      if (id === undefined) return null;
      const body = spec.body?.(world, orders.get(id)!.record);
      if (body === null) return null;
      const token = spec.as === 'admin' ? admin : logistics;
      const answer = await post<RecordOf<F>>(
        token,
        spec.method,
        `${PATHS[flow]}/${id}/${spec.action}`,
        body,
      );
      if (spec.action === 'delete') {
        if (answer.status < 300) orders.get(id)!.status = 'Eliminada';
      } else
        track(orders as Map<number, Tracked<{ id: number }>>, answer as Answer<{ id: number }>);
      return answer;
    },
  };
}

const rejectBody = () => ({ reason: 'Prueba de conservación' });

/**
 * Every operation that moves stock, each one entry: a weight and what it does. `null` means it
 * found nothing to act on this time (no order in that status yet).
 */
const OPERATIONS: Record<string, { weight: number; run: Operation }> = {
  purchase: {
    weight: 6,
    run: async (world) => {
      const lines = world.rng.some(world.products, world.rng.int(1, 2)).map((productId) => {
        const [allotment, expiresAt] = world.rng.pick(ALLOTMENTS)!;
        return { productId, quantity: world.rng.int(1, 20), price: 10, allotment, expiresAt };
      });
      const answer = await post(logistics, 'POST', '/purchase-order/create', {
        invoiceNumber: `CONS-${world.rng.int(1, 1e9)}`,
        providerId: world.providerId,
        payMethod: 'Transferencia',
        arrivedAt: '2026-11-15',
        tax: 0,
        amount: 0,
        purchaseOrderProducts: lines,
      });
      if (answer.status < 300)
        for (const line of lines) add(world.entered, line.productId, line.quantity);
      return answer;
    },
  },
  registration: {
    weight: 5,
    run: async (world) => {
      const productId = world.rng.pick(world.products)!;
      const [allotment, expiresIn] = world.rng.pick(ALLOTMENTS)!;
      const quantity = world.rng.int(1, 10);
      const answer = await post(admin, 'POST', '/stock/adjustment', {
        productId,
        branchId: world.rng.pick(world.branches),
        quantity,
        type: 'registration',
        allotment,
        expiresIn,
        justification: 'Conteo físico',
      });
      if (answer.status < 300) add(world.entered, productId, quantity);
      return answer;
    },
  },
  drop: {
    weight: 5,
    run: async (world) => {
      const lot = world.rng.pick(world.lots.filter((candidate) => candidate.quantity > 0));
      if (!lot) return null;
      const quantity = quantityFrom(world.rng, lot);
      const answer = await post(admin, 'POST', '/stock/adjustment', {
        productId: lot.productId,
        branchId: lot.branchId,
        quantity,
        type: 'drop',
        stockId: lot.id,
        justification: 'Producto dañado',
      });
      if (answer.status < 300) add(world.dropped, lot.productId, quantity);
      return answer;
    },
  },
  transferCreate: {
    weight: 10,
    run: async (world) => {
      const origin = world.rng.pick(world.branches)!;
      const destiny = world.rng.pick(world.branches.filter((branch) => branch !== origin))!;
      const lots = world.rng.some(lotsAt(world, origin), world.rng.int(1, 3));
      if (lots.length === 0) return null;
      const answer = await post<TransferRecord>(admin, 'POST', '/transfer/create', {
        originBranchId: origin,
        destinyBranchId: destiny,
        transferProducts: lots.map((lot) => ({
          stockId: lot.id,
          stockedQuantity: quantityFrom(world.rng, lot),
        })),
      });
      track(world.transfers, answer);
      return answer;
    },
  },
  transferUpdate: step('transfers', 3, {
    from: ['En proceso'],
    as: 'admin',
    method: 'PUT',
    action: 'update',
    body: (world, order) => {
      const lots = world.rng.some(lotsAt(world, order.originBranchId), world.rng.int(1, 3));
      if (lots.length === 0) return null;
      return {
        transferProducts: lots.map((lot) => ({
          stockId: lot.id,
          stockedQuantity: quantityFrom(world.rng, lot),
        })),
      };
    },
  }),
  // Now and then the approver sends less than was asked of a line.
  transferApprove: step('transfers', 10, {
    from: ['En proceso'],
    as: 'admin',
    method: 'PUT',
    action: 'approve',
    body: (world, order) => ({
      transferProducts: order.transferProducts.map((line) => ({
        id: line.id,
        stockedQuantity: world.rng.chance(0.3)
          ? world.rng.int(1, line.stockedQuantity)
          : line.stockedQuantity,
      })),
    }),
  }),
  transferConfirm: step('transfers', 10, {
    from: ['En transito'],
    as: 'admin',
    method: 'PUT',
    action: 'confirm',
    body: (world, order) => {
      const short = world.rng.chance(0.4);
      return {
        transferProducts: order.transferProducts.map((line) => ({
          id: line.id,
          receivedQuantity: short ? world.rng.int(0, line.stockedQuantity) : line.stockedQuantity,
        })),
      };
    },
  }),
  transferReject: step('transfers', 4, {
    from: ['En proceso', 'En transito'],
    as: 'admin',
    method: 'PATCH',
    action: 'reject',
    body: rejectBody,
  }),
  transferDelete: step('transfers', 3, {
    from: ['En proceso'],
    as: 'admin',
    method: 'DELETE',
    action: 'delete',
  }),
  assortmentCreate: {
    weight: 10,
    run: async (world) => {
      const products = world.rng.some(world.products, world.rng.int(1, 3));
      const answer = await post<AssortmentOrderRecord>(admin, 'POST', '/assortment-order/create', {
        orderType: 'Ordinario general',
        branchId: world.rng.pick(world.branches.filter((branch) => branch !== world.cedis)),
        assortmentOrderProducts: products.map((productId) => ({
          productId,
          orderedQuantity: world.rng.int(1, 5),
        })),
      });
      track(world.assortments, answer);
      return answer;
    },
  },
  assortmentApprove: step('assortments', 10, {
    from: ['En proceso'],
    as: 'logistics',
    method: 'PUT',
    action: 'approve',
    body: (world, order) => {
      const lines = order.assortmentOrderProducts.flatMap((line) => {
        // One CEDIS lot per product, now and then two; a product with none borrows any CEDIS lot
        // (refused).
        const lots = world.rng.some(
          lotsAt(world, world.cedis, line.productId),
          world.rng.chance(0.2) ? 2 : 1,
        );
        const chosen = lots.length > 0 ? lots : [world.rng.pick(lotsAt(world, world.cedis))];
        return chosen
          .filter((lot): lot is Lot => lot !== undefined)
          .map((lot) => ({
            productId: line.productId,
            stockId: lot.id,
            stockedQuantity: quantityFrom(world.rng, lot),
          }));
      });
      if (lines.length === 0) return null;
      return {
        assortmentOrderProducts: [...new Map(lines.map((line) => [line.stockId, line])).values()],
      };
    },
  }),
  assortmentConfirm: step('assortments', 10, {
    from: ['En transito'],
    as: 'admin',
    method: 'PUT',
    action: 'confirm',
    body: (world, order) => {
      const short = world.rng.chance(0.4);
      return {
        assortmentOrderProducts: order.assortmentOrderProducts.map((line) => ({
          id: line.id,
          receivedQuantity: short
            ? world.rng.int(0, line.stockedQuantity ?? 0)
            : (line.stockedQuantity ?? 0),
        })),
      };
    },
  }),
  assortmentReject: step('assortments', 4, {
    from: ['En proceso', 'En transito'],
    as: 'logistics',
    method: 'PATCH',
    action: 'reject',
    body: rejectBody,
  }),
  assortmentDelete: step('assortments', 3, {
    from: ['En proceso'],
    as: 'admin',
    method: 'DELETE',
    action: 'delete',
  }),
  saleOrderCreate: {
    weight: 8,
    run: async (world) => {
      const branch = world.rng.pick(world.branches)!;
      const lots = world.rng.some(lotsAt(world, branch), world.rng.int(1, 3));
      if (lots.length === 0) return null;
      const answer = await post<SaleOrderRecord>(admin, 'POST', '/sale-order/create', {
        name: 'Spa Conservación S.A. de C.V.',
        phone: '6641234567',
        note: `CONS-${world.rng.int(1, 1e9)}`,
        branchId: branch,
        saleOrderProducts: lots.map((lot) => ({
          stockId: lot.id,
          quantity: quantityFrom(world.rng, lot),
          price: 100,
        })),
      });
      track(world.sales, answer);
      return answer;
    },
  },
  saleOrderUpdate: step('sales', 5, {
    from: ['Viva'],
    as: 'admin',
    method: 'PUT',
    action: 'update',
    body: (world, order) => {
      // Its own lots with other quantities (more, fewer, or beyond what is left), now and then a
      // lot dropped or another lot of its branch added.
      const kept = order.saleOrderProducts.filter(() => world.rng.chance(0.8));
      const lines = kept.map((line) => {
        const lot = world.lots.find((candidate) => candidate.id === line.stockId);
        return {
          stockId: line.stockId,
          quantity: world.rng.int(1, line.quantity + Math.max(0, lot?.quantity ?? 0) + 2),
          price: line.price,
        };
      });
      const others = lotsAt(world, order.branch.id).filter(
        (lot) => !lines.some((line) => line.stockId === lot.id),
      );
      if (lines.length === 0 || world.rng.chance(0.3)) {
        const extra = world.rng.pick(others);
        if (extra)
          lines.push({ stockId: extra.id, quantity: quantityFrom(world.rng, extra), price: 80 });
      }
      return lines.length === 0 ? null : { saleOrderProducts: lines };
    },
  }),
  saleOrderDelete: step('sales', 3, {
    from: ['Viva'],
    as: 'admin',
    method: 'DELETE',
    action: 'delete',
  }),
};

/** Customers take units away; purchases and registrations bring them; the rest move between lots. */
const TO_CUSTOMERS: readonly StockCause[] = [
  'sale-order',
  'sale-order-reversal',
  'appointment',
  'appointment-reversal',
  'cash-order',
  'cash-order-reversal',
  'refund',
  'refund-reversal',
];
const BETWEEN_LOTS: readonly StockCause[] = [
  'transfer',
  'transfer-reversal',
  'assortment',
  'assortment-reversal',
];

interface Holdings {
  lots: number;
  transit: number;
  lostOnTheWay: number;
  soldToCustomers: number;
}

/**
 * Per product, from the documents (not the ledger): units in lots; in transit (lines of approved,
 * unconfirmed transfers and assortment orders); lost on the way (sent − received of finished
 * ones); sold (lines of live sale orders).
 */
async function holdings(): Promise<Map<number, Holdings>> {
  const rows = await queryRows<{
    product_id: number;
    lots: number;
    transit: number;
    lost: number;
    sold: number;
  }>(
    t.app.db,
    sql`
    WITH lines AS (
      SELECT l.product_id, l.stocked_quantity AS sent, l.received_quantity AS received, o.status
        FROM transfer_product l JOIN transfer o ON o.id = l.transfer_id
      UNION ALL
      SELECT l.product_id, l.stocked_quantity, l.received_quantity, o.status
        FROM assortment_order_product l JOIN assortment_order o ON o.id = l.assortment_order_id
    )
    SELECT p.id AS product_id,
      (SELECT coalesce(sum(quantity), 0) FROM stock WHERE product_id = p.id)::int AS lots,
      (SELECT coalesce(sum(sent), 0) FROM lines
        WHERE product_id = p.id AND status = 'En transito')::int AS transit,
      (SELECT coalesce(sum(sent - received), 0) FROM lines
        WHERE product_id = p.id AND status = 'Terminada')::int AS lost,
      (SELECT coalesce(sum(l.quantity), 0) FROM sale_order_product l
         JOIN sale_order o ON o.id = l.sale_order_id
        WHERE l.product_id = p.id AND o.deleted_at IS NULL)::int AS sold
    FROM product p ORDER BY p.id`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.product_id),
      {
        lots: Number(row.lots),
        transit: Number(row.transit),
        lostOnTheWay: Number(row.lost),
        soldToCustomers: Number(row.sold),
      },
    ]),
  );
}

const held = (h: Holdings | undefined) =>
  h ? h.lots + h.transit + h.lostOnTheWay + h.soldToCustomers : 0;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  logistics = (await signInAs(t.app, 'logisticsManager')).token;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe.runIf(onPostgres)(
  'units are conserved under 1,000 concurrent operations (PostgreSQL)',
  () => {
    it('keeps every product’s units, every lot ≥ 0 and the ledger balanced', async () => {
      const seed = Number(process.env.CONSERVATION_SEED ?? Date.now() % 2 ** 31);
      console.warn(`conservation: seed ${seed} (CONSERVATION_SEED=${seed} replays this run)`);
      const rng = generator(seed);

      const branches = await Promise.all(
        ['CEDIS', 'Zona Río', 'Playas de Tijuana', 'Mexicali Centro'].map((name) =>
          branchId(t.app, name),
        ),
      );
      const products = (
        await t.app.db
          .select({ id: product.id })
          .from(product)
          .where(
            and(isNotNull(product.approvedAt), isNull(product.deletedAt), eq(product.status, true)),
          )
          .orderBy(asc(product.id))
          .limit(4)
      ).map((row) => row.id);
      expect(products).toHaveLength(4);
      const firstProvider = await newProvider(t.app, admin);

      const world: World = {
        rng,
        branches,
        cedis: branches[0]!,
        products,
        providerId: firstProvider!.id,
        lots: [],
        transfers: new Map(),
        assortments: new Map(),
        sales: new Map(),
        entered: new Map(),
        dropped: new Map(),
      };
      const start = await holdings();

      const names = Object.keys(OPERATIONS);
      const totalWeight = names.reduce((sum, name) => sum + OPERATIONS[name]!.weight, 0);
      const chooseOperation = () => {
        let roll = rng.next() * totalWeight;
        for (const name of names) {
          roll -= OPERATIONS[name]!.weight;
          if (roll < 0) return name;
        }
        return names.at(-1)!;
      };
      const outcomes = new Map<string, Map<string, number>>();
      const failures: string[] = [];
      const began = Date.now();

      for (let wave = 0; wave < WAVES; wave += 1) {
        world.lots = (
          await queryRows<{ id: number; branch_id: number; product_id: number; quantity: number }>(
            t.app.db,
            sql`SELECT id, branch_id, product_id, quantity FROM stock
              WHERE deleted_at IS NULL AND product_id IN ${sql.raw(`(${products.join(',')})`)}`,
          )
        ).map((row) => ({
          id: Number(row.id),
          branchId: Number(row.branch_id),
          productId: Number(row.product_id),
          quantity: Number(row.quantity),
        }));
        // The operations of a wave are chosen in order (so the seed replays them), then fired at once.
        const chosen = Array.from({ length: WAVE_SIZE }, chooseOperation);
        const runs = chosen.map((name) =>
          OPERATIONS[name]!.run(world).then((answer) => ({ name, answer })),
        );
        for (const { name, answer } of await Promise.all(runs)) {
          const outcome =
            answer === null ? 'nothing to do' : `${answer.status}/${answer.body.code}`;
          const counts = outcomes.get(name) ?? new Map<string, number>();
          counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
          outcomes.set(name, counts);
          if (answer === null) continue;
          if (
            answer.status >= 500 ||
            (answer.status === 409 && answer.body.code === Conflict.saveFailed)
          )
            failures.push(`wave ${wave} ${name}: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
      }
      const elapsed = Date.now() - began;
      console.warn(
        `conservation: ${WAVES * WAVE_SIZE} operations in ${elapsed} ms\n` +
          [...outcomes.entries()]
            .map(
              ([name, counts]) =>
                `  ${name}: ${[...counts.entries()].map(([k, v]) => `${k}×${v}`).join(', ')}`,
            )
            .join('\n'),
      );

      // Never a server error, never a deadlock or a serialization failure.
      expect(failures, `seed ${seed}`).toEqual([]);
      // Every operation did succeed some of the time: the run exercised each flow, not only refusals.
      for (const name of names) {
        const successes = [...(outcomes.get(name) ?? new Map<string, number>()).entries()]
          .filter(([outcome]) => /^2\d\d\//.test(outcome))
          .reduce((sum, [, n]) => sum + n, 0);
        expect(successes, `${name} never succeeded (seed ${seed})`).toBeGreaterThan(0);
      }

      // Every lot ≥ 0, and equal to the sum of its movements.
      const [negative] = await queryRows<{ n: number }>(
        t.app.db,
        sql`SELECT count(*)::int AS n FROM stock WHERE quantity < 0`,
      );
      expect(Number(negative!.n)).toBe(0);
      expect(await unbalancedLots(t.app.db), `seed ${seed}`).toEqual([]);

      // Per product, from the documents: what is held changed by what entered less what was dropped.
      const end = await holdings();
      const drift = [...end.keys()].flatMap((productId) => {
        const expected =
          held(start.get(productId)) +
          (world.entered.get(productId) ?? 0) -
          (world.dropped.get(productId) ?? 0);
        const actual = held(end.get(productId));
        return actual === expected ? [] : [{ productId, expected, actual, ...end.get(productId) }];
      });
      expect(drift, `seed ${seed}`).toEqual([]);
      // The run moved units of every test product, and sold some to business customers.
      for (const productId of products)
        expect(world.entered.get(productId) ?? 0).toBeGreaterThan(0);
      const soldInRun = products.reduce(
        (sum, productId) =>
          sum +
          (end.get(productId)?.soldToCustomers ?? 0) -
          (start.get(productId)?.soldToCustomers ?? 0),
        0,
      );
      expect(soldInRun, `seed ${seed}`).toBeGreaterThan(0);

      // The all-time ledger agrees, for every product: units in lots + in transit + lost on the way
      // + drops + sold = purchases + registrations, and the transit losses it recorded are the
      // documents' sent − received.
      const causes = await queryRows<{
        product_id: number;
        cause: string;
        total: number;
        positive: number;
      }>(
        t.app.db,
        sql`SELECT product_id, cause, sum(quantity)::int AS total,
                 coalesce(sum(quantity) FILTER (WHERE quantity > 0), 0)::int AS positive
          FROM stock_movement GROUP BY product_id, cause`,
      );
      const ledger = new Map<
        number,
        { entered: number; dropped: number; sold: number; lost: number; between: number }
      >();
      for (const row of causes) {
        const cause = row.cause as StockCause;
        expect(STOCK_CAUSES).toContain(cause);
        const entry = ledger.get(Number(row.product_id)) ?? {
          entered: 0,
          dropped: 0,
          sold: 0,
          lost: 0,
          between: 0,
        };
        const total = Number(row.total);
        if (cause === 'purchase' || cause === 'purchase-reversal') entry.entered += total;
        else if (cause === 'adjustment' || cause === 'adjustment-reversal') {
          entry.entered += Number(row.positive);
          entry.dropped += Number(row.positive) - total;
        } else if (cause === 'transit-loss') entry.lost += total;
        else if (cause === 'transit-loss-reversal') entry.lost -= total;
        else if (TO_CUSTOMERS.includes(cause)) entry.sold -= total;
        else if (BETWEEN_LOTS.includes(cause)) entry.between += total;
        else throw new Error(`a movement cause the test does not place: ${cause}`);
        ledger.set(Number(row.product_id), entry);
      }
      const disagreements = [...end.entries()].flatMap(([productId, h]) => {
        const l = ledger.get(productId) ?? { entered: 0, dropped: 0, sold: 0, lost: 0, between: 0 };
        const sides = {
          productId,
          held: h.lots + h.transit + l.lost + l.dropped + l.sold,
          entered: l.entered,
          lostByLedger: l.lost,
          lostByDocuments: h.lostOnTheWay,
        };
        return sides.held === sides.entered && sides.lostByLedger === sides.lostByDocuments
          ? []
          : [sides];
      });
      expect(disagreements, `seed ${seed}`).toEqual([]);
      expect(elapsed).toBeLessThan(60_000);
    }, 180_000);
  },
);
