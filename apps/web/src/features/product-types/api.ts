import { FINANCIAL_FIELDS, PRODUCT_UPDATE_PATHS, type FinancialField } from '@clinica/domain';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';
import { fetchProductTypes, LOOKUPS, type ProductType } from '../../shared/lookups';

/** Product types (spec 001 §2, §7): `GET /product-type`, one short list read whole. */

export type { ProductType };

export const productTypeKeys = { all: LOOKUPS.productTypes.key() };

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The list block pages on the server; the API answers product types whole, so the search, the
 * order and the page are applied here over the few rows.
 */
export async function fetchProductTypePage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<ProductType>> {
  const all = await fetchProductTypes(signal);
  const search = query.search as { value?: string } | undefined;
  const wanted = fold(search?.value ?? '');
  const matching = all.filter((type) => fold(type.name).includes(wanted));
  const sorted = [...matching].sort((a, b) =>
    query.field === 'name' ? a.name.localeCompare(b.name, 'es') : a.id - b.id,
  );
  if (query.order === 'DESC') sorted.reverse();
  const take = Number(query.take ?? 15);
  const page = Number(query.page ?? 1);
  const pageCount = Math.max(1, Math.ceil(sorted.length / take));
  return {
    items: sorted.slice((page - 1) * take, page * take),
    meta: {
      page,
      take,
      itemCount: sorted.length,
      pageCount,
      hasPreviousPage: page > 1,
      hasNextPage: page < pageCount,
    },
  };
}

/** What the approver fills for a product of this type (spec 001 §5). */
export function financialFieldsOfType(name: string): FinancialField[] {
  return name in PRODUCT_UPDATE_PATHS
    ? FINANCIAL_FIELDS[name as keyof typeof PRODUCT_UPDATE_PATHS]
    : [];
}
