import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { customer, pointsMovement } from '../../db/schema';
import { call } from '../harness';
import type { SaleWorld } from './sales';

/** Factories of customers: one through the API, a batch on the same table, points. */

let customers = 0;

/** A new active customer, through POST /customer/create; answers its id. */
export async function newCustomer(
  world: Pick<SaleWorld, 'app' | 'admin'>,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  customers += 1;
  const unique = `${String(process.pid % 1000).padStart(3, '0')}${String(customers % 10_000).padStart(4, '0')}`;
  const answer = await call<{ id: number }>(world.app, 'POST', '/v1/customer/create', {
    token: world.admin,
    body: {
      name: 'Fabiola',
      lastName: `Factoría${customers}`,
      birthday: '1991-06-15',
      mobilePhone: `663${unique}`,
      ...overrides,
    },
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.data.id;
}

/**
 * `count` new active customers registered at the branch, written in one insert to the table
 * POST /customer/create writes: for a test that needs many customers only as who a record is of
 * (a coupon's redemptions, a race); answers their ids in order.
 */
export async function customersAt(
  app: FastifyInstance,
  registryBranchId: number,
  count: number,
): Promise<number[]> {
  const batch = (customers += 1);
  const rows = await app.db
    .insert(customer)
    .values(
      Array.from({ length: count }, (_, index) => ({
        registryBranchId,
        name: 'Cliente',
        lastName: `Lote${batch}x${index + 1}`,
        birthday: '1990-01-01',
      })),
    )
    .returning({ id: customer.id });
  return rows.map((row) => row.id);
}

/**
 * Gives a customer points as the ledger would (an `adjust` row with the balance after it), for a
 * test that pays with points; no route grants points by hand.
 */
export async function givePoints(world: SaleWorld, customerId: number, points: number) {
  await world.app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(customer)
      .set({ points: sql`${customer.points} + ${points}` })
      .where(eq(customer.id, customerId))
      .returning({ points: customer.points });
    await tx.insert(pointsMovement).values({
      customerId,
      kind: 'adjust',
      delta: points,
      balance: row!.points,
    });
  });
}
