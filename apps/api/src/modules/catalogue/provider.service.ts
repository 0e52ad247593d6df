import { getTableColumns } from 'drizzle-orm';
import type { z } from 'zod';
import {
  NotFound,
  providerRoutes,
  type providerBody,
  type providerQuery,
  type providerRecord,
  type providerUpdateBody,
} from '@clinica/domain';
import { provider } from '../../db/schema';
import type { Context } from '../../platform/context';
import { listPage, listSpec } from '../../platform/list';
import { deleteRecord, oneTable, resource } from '../../platform/write';
import { iso } from '../../platform/rows';

/** Providers (spec 001 §2, §3, §5): soft-deleted, products keep naming them. */
export const providers = resource({
  table: provider,
  module: 'providers',
  notFound: NotFound.provider,
});

const columns = getTableColumns(provider);
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

const spec = listSpec(providerRoutes.list.list, {
  sortable: {
    name: provider.name,
    tradename: provider.tradename,
    rfc: provider.rfc,
    id: provider.id,
    created_at: provider.createdAt,
  },
  searchable: { name: provider.name, tradename: provider.tradename, rfc: provider.rfc },
  deletedAt: provider.deletedAt,
  tieBreaker: provider.id,
});

/** Search by name, trade name or RFC. */
export async function listProviders(ctx: Context, query: z.output<typeof providerQuery>) {
  const page = await listPage<typeof columns, Row>(ctx, spec, query, {
    columns,
    from: (select) => select.from(provider).$dynamic(),
  });
  return { meta: page.meta, items: page.items.map(present) };
}

const record = oneTable<ProviderRecord, Row>(providers, columns, { present });

export function deleteProvider(ctx: Context, id: number) {
  return deleteRecord(ctx, providers, id);
}

export const providerService = {
  list: listProviders,
  get: record.get,
  create: (ctx: Context, body: z.output<typeof providerBody>) => record.create(ctx, body),
  update: (ctx: Context, id: number, body: z.output<typeof providerUpdateBody>) =>
    record.update(ctx, id, body),
  remove: deleteProvider,
};
