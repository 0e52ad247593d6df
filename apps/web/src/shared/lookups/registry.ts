import type { QueryKey } from '@tanstack/react-query';

/**
 * The one table of lookups: every selection list a screen reads (branches, types, categories,
 * colours, job positions, roles…) has exactly one query key and one freshness here, so two
 * screens never keep two copies of one list, nor one key with two stale times.
 *
 * Keys start with the resource's own query-key root ('branch', 'cabain-type', 'product'…), so a
 * save that invalidates that root refreshes its options too.
 */

/** Lists seeded on the server that this app never edits: types, job positions, areas. */
const REFERENCE = 10 * 60_000;
/** Options drawn from records this app edits; their screens invalidate them on save. */
const RECORDS = 5 * 60_000;
/** Read fresh on every screen that shows them (the privilege matrix, free colours). */
const ALWAYS = 0;

interface Lookup<Args extends unknown[], Key extends QueryKey> {
  key: (...args: Args) => Key;
  staleTime: number;
}

const lookup = <Args extends unknown[], const Key extends QueryKey>(
  key: (...args: Args) => Key,
  staleTime: number,
): Lookup<Args, Key> => ({ key, staleTime });

export const LOOKUPS = {
  modules: lookup(() => ['module'], REFERENCE),
  productTypes: lookup(() => ['product-type'], REFERENCE),
  treatmentTypes: lookup(() => ['treatment-type'], REFERENCE),
  jobPositions: lookup(() => ['job-position'], REFERENCE),
  areas: lookup((treatmentTypeId: number) => ['area', treatmentTypeId], REFERENCE),
  consents: lookup(() => ['consent'], REFERENCE),
  categories: lookup((type: 'product' | 'treatment') => ['category', 'options', type], REFERENCE),
  branches: lookup(() => ['branch', 'options'], RECORDS),
  /** Every active branch by name, for those whose branch list is their own (a transfer's destination). */
  allBranches: lookup(() => ['branch', 'all'], RECORDS),
  cabinTypes: lookup(() => ['cabain-type', 'options'], RECORDS),
  providers: lookup(() => ['provider', 'options'], RECORDS),
  /** The product picker's matches of what was typed ('' for the first page by name). */
  products: lookup((search: string) => ['product', 'options', 'search', search], RECORDS),
  /** Products of one type (the coupons' 'Cosmetólogo/Venta'), active and approved. */
  productsOfType: lookup(
    (productTypeId: number | null) => ['product', 'options', 'type', productTypeId],
    RECORDS,
  ),
  treatments: lookup(() => ['treatment', 'options'], RECORDS),
  /** Under the staff's root ('user'): a save there refreshes it. */
  staff: lookup(() => ['user', 'options'], RECORDS),
  appliances: lookup(
    (applianceType: number | null) => ['appliance', 'options', applianceType],
    RECORDS,
  ),
  /** Under the cabin types' root: a save changes which colours are free. */
  colors: lookup(
    (cabinTypeId: number | null) => ['cabain-type', 'colors', cabinTypeId ?? 'new'],
    ALWAYS,
  ),
  roles: lookup(() => ['role', 'list'], ALWAYS),
  recentLog: lookup((take: number) => ['log', 'recent', take], ALWAYS),
} as const;
