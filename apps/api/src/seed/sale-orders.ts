import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import { saleOrderRoutes } from '@clinica/domain';
import type { Db, Tx } from '../db/client';
import * as schema from '../db/schema';
import type { Clock } from '../platform/clock';
import type { Context } from '../platform/context';
import { sessionAs } from './demo-history';
import {
  createSaleOrder,
  deleteSaleOrder,
  updateSaleOrder,
} from '../modules/stock-flows/sale-order.service';

/**
 * The demo's sale orders to business customers (issue 13), made by the staff who hold
 * `saleOrder` (logistics at the distribution centre, the super administrator at the clinics)
 * through the same service the API calls, so their units leave the lots through the ledger and
 * the history names each order: a dozen over the last day and a half, across the CEDIS and the
 * three clinics, two of them edited afterwards and two deleted (their units back in their lots).
 * Each takes a quarter at most of a lot that had received its units before the order's hour.
 * Runs last in the demo seed's transaction, once every other flow has moved its units.
 */

const HOUR = 3_600_000;

interface Customer {
  name: string;
  rfc: string | null;
  phone: string;
  note: string;
  comments?: string;
}

const CUSTOMERS: Customer[] = [
  { name: 'Spa Bella Vida S.A. de C.V.', rfc: 'SBV150612QK3', phone: '6641234501', note: 'N-1001' },
  {
    name: 'Estética Glamour del Pacífico',
    rfc: 'EGP180301MN7',
    phone: '6641234502',
    note: 'N-1002',
  },
  {
    name: 'Hotel Rosarito Beach Resort',
    rfc: 'HRB990825A12',
    phone: '6616120033',
    note: 'N-1003',
    comments: 'Entrega en recepción del spa, de 9 a 14 h.',
  },
  {
    name: 'Consultorio Dermatológico Dra. Ruiz',
    rfc: 'RUGM800514HX4',
    phone: '6645550101',
    note: 'N-1004',
  },
  { name: 'Salón Aurora', rfc: null, phone: '6647771122', note: 'N-1005' },
  { name: 'Gimnasio Vital Fit', rfc: 'GVF200110TT9', phone: '6649003344', note: 'N-1006' },
  { name: 'Clínica Dental Sonrisa', rfc: 'CDS170920LP5', phone: '6862201100', note: 'N-1007' },
  { name: 'Farmacia San Ángel', rfc: 'FSA050505AB0', phone: '6865513322', note: 'N-1008' },
  {
    name: 'Barbería Los Compadres',
    rfc: null,
    phone: '6863304455',
    note: 'N-1009',
    comments: 'Paga contra entrega.',
  },
  { name: 'Hospital Ángeles Tijuana', rfc: 'HAT101010EE1', phone: '6646356000', note: 'N-1010' },
  { name: 'Centro Holístico Armonía', rfc: 'CHA210304RT8', phone: '6641118899', note: 'N-1011' },
  { name: 'Boutique Piel de Seda', rfc: 'BPS190707JJ6', phone: '6612224466', note: 'N-1012' },
];

interface Lot {
  id: number;
  quantity: number;
  price: number;
  /** When its first units arrived: nothing leaves a lot before that. */
  since: number;
}

/** The live lots of a branch holding at least 8 units, with a sale price, oldest first. */
async function lotsOf(tx: Tx, branchId: number): Promise<Lot[]> {
  const rows = await tx
    .select({
      id: schema.stock.id,
      quantity: schema.stock.quantity,
      salePrice: schema.product.salePrice,
      cost: schema.product.cost,
      since: sql<string>`(SELECT min(m.created_at) FROM stock_movement m
        WHERE m.stock_id = ${schema.stock.id} AND m.quantity > 0)`,
    })
    .from(schema.stock)
    .innerJoin(schema.product, eq(schema.product.id, schema.stock.productId))
    .where(
      and(
        eq(schema.stock.branchId, branchId),
        gte(schema.stock.quantity, 8),
        isNull(schema.stock.deletedAt),
      ),
    )
    .orderBy(asc(schema.stock.id));
  return rows
    .filter((row) => row.since !== null)
    .map((row) => ({
      id: row.id,
      quantity: row.quantity,
      // Business customers pay the sale price, or cost plus 40 % for what is not sold retail.
      price: Math.max(1, Math.round((row.salePrice ?? row.cost * 1.4) * 100) / 100),
      since: new Date(row.since).getTime(),
    }));
}

export async function seedSaleOrdersDemo(tx: Tx, now: Date): Promise<void> {
  const db = tx as unknown as Db;
  const branches = await tx
    .select({
      id: schema.branch.id,
      name: schema.branch.name,
      centre: schema.branch.distributionCenter,
    })
    .from(schema.branch)
    .where(isNull(schema.branch.deletedAt))
    .orderBy(asc(schema.branch.id));
  const cedis = branches.find((branch) => branch.centre);
  const clinic = (name: string) => branches.find((branch) => branch.name === name);
  const sellers = [
    cedis,
    clinic('Zona Río'),
    clinic('Playas de Tijuana'),
    clinic('Mexicali Centro'),
  ];
  if (sellers.some((branch) => !branch)) return;
  const [centre, zonaRio, playas, mexicali] = sellers as { id: number }[];

  const people = {
    logistics: await sessionAs(db, 'logistica@clinica.mx'),
    admin: await sessionAs(db, 'admin@clinica.mx'),
  };
  const as = (who: keyof typeof people, hoursAgo: number): Context => ({
    db,
    clock: { now: () => new Date(now.getTime() - hoursAgo * HOUR) } as Clock,
    session: people[who],
  });
  const pools = new Map<number, Lot[]>();
  for (const branch of [centre!, zonaRio!, playas!, mexicali!])
    pools.set(branch.id, await lotsOf(tx, branch.id));
  let turn = 0;
  /** `count` lots of the branch that held units by then, each used by one order only. */
  const linesFrom = (branchId: number, count: number, hoursAgo: number) => {
    const pool = pools.get(branchId)!;
    const at = now.getTime() - hoursAgo * HOUR;
    const chosen = pool.filter((lot) => lot.since <= at).slice(0, count);
    for (const lot of chosen) pool.splice(pool.indexOf(lot), 1);
    return chosen.map((lot) => {
      turn += 1;
      return {
        stockId: lot.id,
        quantity: Math.max(1, Math.floor(lot.quantity / (4 + (turn % 3)))),
        price: lot.price,
      };
    });
  };

  const plan: { who: keyof typeof people; branchId: number; lines: number; hoursAgo: number }[] = [
    { who: 'logistics', branchId: centre!.id, lines: 2, hoursAgo: 36 },
    { who: 'admin', branchId: zonaRio!.id, lines: 2, hoursAgo: 34 },
    { who: 'logistics', branchId: centre!.id, lines: 3, hoursAgo: 30 },
    { who: 'admin', branchId: mexicali!.id, lines: 1, hoursAgo: 28 },
    { who: 'admin', branchId: playas!.id, lines: 2, hoursAgo: 26 },
    { who: 'logistics', branchId: centre!.id, lines: 1, hoursAgo: 22 },
    { who: 'admin', branchId: zonaRio!.id, lines: 1, hoursAgo: 20 },
    { who: 'admin', branchId: mexicali!.id, lines: 2, hoursAgo: 16 },
    { who: 'logistics', branchId: centre!.id, lines: 2, hoursAgo: 12 },
    { who: 'admin', branchId: playas!.id, lines: 1, hoursAgo: 8 },
    { who: 'admin', branchId: mexicali!.id, lines: 1, hoursAgo: 5 },
    { who: 'admin', branchId: zonaRio!.id, lines: 2, hoursAgo: 2 },
  ];
  const made: {
    id: number;
    branchId: number;
    lines: { stockId: number; quantity: number; price: number }[];
  }[] = [];
  for (const [index, step] of plan.entries()) {
    const lines = linesFrom(step.branchId, step.lines, step.hoursAgo);
    if (lines.length === 0) continue;
    const customer = CUSTOMERS[index % CUSTOMERS.length]!;
    const order = await createSaleOrder(
      as(step.who, step.hoursAgo),
      saleOrderRoutes.create.body.parse({
        ...customer,
        // Logistics sells from the distribution centre by default.
        ...(step.branchId === centre!.id ? {} : { branchId: step.branchId }),
        saleOrderProducts: lines,
      }),
    );
    made.push({ id: order.id, branchId: step.branchId, lines });
  }

  // Edited: the customer took one unit fewer at a better price; another added a product.
  const fewer = made[0];
  if (fewer) {
    const [first, ...rest] = fewer.lines;
    await updateSaleOrder(
      as('logistics', 33),
      fewer.id,
      saleOrderRoutes.update.body.parse({
        comments: 'El cliente ajustó la cantidad al recibir la cotización.',
        saleOrderProducts: [
          {
            ...first!,
            quantity: Math.max(1, first!.quantity - 1),
            price: Math.max(1, Math.round(first!.price * 90) / 100),
          },
          ...rest,
        ],
      }),
    );
  }
  const more = made.find((order) => order.branchId === zonaRio!.id);
  if (more) {
    const extra = linesFrom(zonaRio!.id, 1, 18);
    await updateSaleOrder(
      as('admin', 18),
      more.id,
      saleOrderRoutes.update.body.parse({ saleOrderProducts: [...more.lines, ...extra] }),
    );
  }
  // Deleted: captured twice by mistake, and a customer who cancelled.
  for (const [order, hoursAgo] of [
    [made.find((candidate) => candidate.branchId === centre!.id && candidate !== fewer), 10],
    [made.find((candidate) => candidate.branchId === playas!.id), 6],
  ] as const) {
    if (order)
      await deleteSaleOrder(
        as(order.branchId === centre!.id ? 'logistics' : 'admin', hoursAgo),
        order.id,
      );
  }
}
