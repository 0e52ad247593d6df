import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  NotFound,
  type providerBody,
  type providerQuery,
  type providerRecord,
  type providerUpdateBody,
} from '@clinica/domain';
import { provider } from '../../db/schema';
import { audit, changesBetween, softDeleteChanges } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { planList, runList, type ListSpec } from '../../platform/list';
import type { Session } from '../../platform/session';
import { actorOf, iso, sentOnly } from './shared';

type Row = typeof provider.$inferSelect;
type ProviderRecord = z.output<typeof providerRecord>;

function present(row: Row): ProviderRecord {
  const { createdAt, updatedAt: _updatedAt, deletedAt, regime, ...fields } = row;
  return {
    ...fields,
    regime: regime as ProviderRecord['regime'],
    created_at: createdAt.toISOString(),
    deleted_at: iso(deletedAt),
  };
}

const spec: ListSpec = {
  sortable: {
    name: provider.name,
    tradename: provider.tradename,
    rfc: provider.rfc,
    id: provider.id,
    created_at: provider.createdAt,
  },
  defaultSort: 'name',
  searchable: { name: provider.name, tradename: provider.tradename, rfc: provider.rfc },
  defaultSearch: ['name', 'tradename', 'rfc'],
  deletedAt: provider.deletedAt,
  tieBreaker: provider.id,
};

/** Providers (spec 001 §2): search by name, trade name or RFC. */
export async function listProviders(app: FastifyInstance, query: z.output<typeof providerQuery>) {
  const plan = planList(spec, query);
  const page = await runList(plan, {
    rows: ({ where, orderBy, limit, offset }) =>
      app.db
        .select()
        .from(provider)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    count: async (where) =>
      (await app.db.select({ total: count() }).from(provider).where(where))[0]?.total ?? 0,
  });
  return { meta: page.meta, items: page.items.map(present) };
}

async function findProvider(app: FastifyInstance, id: number): Promise<Row> {
  const [row] = await app.db
    .select()
    .from(provider)
    .where(and(eq(provider.id, id), isNull(provider.deletedAt)));
  if (!row) throw notFound(NotFound.provider);
  return row;
}

export async function getProvider(app: FastifyInstance, id: number) {
  return present(await findProvider(app, id));
}

export async function createProvider(
  app: FastifyInstance,
  session: Session,
  body: z.output<typeof providerBody>,
) {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(provider)
      .values({ ...body, createdAt: now, updatedAt: now })
      .returning();
    const record = present(row!);
    await audit(
      tx,
      actorOf(session),
      {
        module: 'providers',
        action: 'create',
        recordId: row!.id,
        changes: changesBetween(null, record),
      },
      now,
    );
    return record;
  });
}

export async function updateProvider(
  app: FastifyInstance,
  session: Session,
  id: number,
  body: z.output<typeof providerUpdateBody>,
) {
  const before = present(await findProvider(app, id));
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(provider)
      .set({ ...sentOnly(body), updatedAt: now })
      .where(eq(provider.id, id))
      .returning();
    const record = present(row!);
    await audit(
      tx,
      actorOf(session),
      {
        module: 'providers',
        action: 'update',
        recordId: id,
        changes: changesBetween(before, record),
      },
      now,
    );
    return record;
  });
}

/** Soft delete: products keep naming the provider they were bought from. */
export async function deleteProvider(app: FastifyInstance, session: Session, id: number) {
  await findProvider(app, id);
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    await tx.update(provider).set({ deletedAt: now, updatedAt: now }).where(eq(provider.id, id));
    await audit(
      tx,
      actorOf(session),
      { module: 'providers', action: 'delete', recordId: id, changes: softDeleteChanges(now) },
      now,
    );
  });
  return { id };
}
