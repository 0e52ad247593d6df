import { afterAll, beforeAll, expect } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { auditLog, stock, stockMovement } from '../../db/schema';
import {
  branchId,
  createTestApp,
  signInAs,
  type Answer,
  type DemoRole,
  type TestApp,
} from '../../test/harness';
import { catalogueProduct } from '../../test/factories';
import { receiveStock, unbalancedLots, unbalancedSummaries } from '../inventory/ledger';

/**
 * The world of a stock flow's HTTP tests (sale orders, transfers): the app on the demo seed, the
 * tokens of the roles it signs in, the branches and the two products the tests move, and the
 * checks they make after each step: each lot its own (`newLot`), the ledger balanced, and a
 * refusal that writes nothing anywhere.
 */

export interface FlowWorld {
  t: TestApp;
  tokens: Record<DemoRole, string>;
  cedis: number;
  zonaRio: number;
  playas: number;
  mexicali: number;
  /** `IN-GUANT`, an `Insumo` (no lot required), and `CV-PS50`, a product sold with its lot. */
  gloves: number;
  /** The gloves' SKU, which documents and PDFs show. */
  glovesSku: string;
  serum: number;
}

type Db = TestApp['app']['db'];

export function stockFlowFixture(options: {
  roles: DemoRole[];
  /** Lot codes of the file's own lots start with it (`SO-T1`), apart from the other files'. */
  lotPrefix: string;
  /** The flow's documents and their lines, as a refusal must leave them. */
  documents: (db: Db) => Promise<unknown>;
}) {
  const world = { tokens: {} } as FlowWorld;

  beforeAll(async () => {
    world.t = await createTestApp();
    for (const role of options.roles)
      world.tokens[role] = (await signInAs(world.t.app, role)).token;
    world.cedis = await branchId(world.t.app, 'CEDIS');
    world.zonaRio = await branchId(world.t.app, 'Zona Río');
    world.playas = await branchId(world.t.app, 'Playas de Tijuana');
    world.mexicali = await branchId(world.t.app, 'Mexicali Centro');
    // A supply and a product for sale of the catalogue, by their type (never a demo SKU).
    const gloves = await catalogueProduct(world.t.app, 'Insumo');
    world.gloves = gloves.id;
    world.glovesSku = gloves.sku;
    world.serum = (await catalogueProduct(world.t.app, 'Cosmetólogo/Venta')).id;
    // The demo seed and the sign-ins take a while on a busy machine.
  }, 120_000);
  afterAll(async () => {
    await world.t?.close();
  });

  let lotSerial = 0;
  /** A lot of its own for a test, entered through the ledger (an opening adjustment). */
  async function newLot(
    branch: number,
    productId: number,
    quantity: number,
    expiresIn = '2027-08-31',
  ) {
    lotSerial += 1;
    const moved = await world.t.app.db.transaction((tx) =>
      receiveStock(
        tx,
        { branchId: branch, productId, allotment: `${options.lotPrefix}${lotSerial}`, expiresIn },
        { quantity, cause: 'adjustment', document: { type: 'test' }, userId: null },
      ),
    );
    return moved.stockId;
  }

  const quantityOf = async (stockId: number) =>
    (
      await world.t.app.db.select({ q: stock.quantity }).from(stock).where(eq(stock.id, stockId))
    )[0]!.q;

  /** Every lot's quantity, the movements, the flow's documents, and the log's size. */
  async function snapshot() {
    const db = world.t.app.db;
    const [lots, movements, documents, log] = await Promise.all([
      db.select({ id: stock.id, q: stock.quantity }).from(stock).orderBy(asc(stock.id)),
      db.select({ n: sql<number>`count(*)::int` }).from(stockMovement),
      options.documents(db),
      db.select({ n: sql<number>`count(*)::int` }).from(auditLog),
    ]);
    return { lots, movements, documents, log };
  }

  /** Each lot equals the sum of its movements (the demo seed's included), each summary its lots. */
  async function expectBalanced() {
    expect(await unbalancedLots(world.t.app.db)).toEqual([]);
    expect(await unbalancedSummaries(world.t.app.db)).toEqual([]);
  }

  /** A refusal: the expected status and code, and nothing written anywhere. */
  async function expectRefused(
    attempt: () => Promise<Answer>,
    status: number,
    code = 0,
  ): Promise<Answer> {
    const before = await snapshot();
    const answer = await attempt();
    expect({ status: answer.status, code: answer.body.code }).toEqual({ status, code });
    expect(await snapshot()).toEqual(before);
    await expectBalanced();
    return answer;
  }

  return { world, newLot, quantityOf, expectBalanced, expectRefused };
}
