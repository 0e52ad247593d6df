import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import {
  MAX_TAKE,
  branchRecord,
  categoryRoutes,
  listOf,
  productType,
  treatmentType,
} from '@clinica/domain';
import { callApi, endpoint } from './api/client';

/**
 * The catalogue's selection lists (spec 001 §3 'Lookups used by these forms'): product and
 * treatment types, categories by type and branches. They change rarely, so they stay fresh for
 * ten minutes and every screen shares one copy.
 */

/**
 * Categories come from the route table; product types, treatment types and branches are read-only
 * lookups of other modules (`modules/lookups`, the branches) whose routes are not declared there yet.
 */
const lookupEndpoints = {
  productTypes: endpoint({ method: 'GET', path: '/product-type', answer: z.array(productType) }),
  treatmentTypes: endpoint({
    method: 'GET',
    path: '/treatment-type',
    answer: z.array(treatmentType),
  }),
  categories: categoryRoutes.list,
  branches: endpoint({ method: 'GET', path: '/branch', answer: listOf(branchRecord) }),
};

export type ProductType = z.infer<typeof productType>;
export type TreatmentType = z.infer<typeof treatmentType>;

const STALE = 10 * 60_000;

export const lookupKeys = {
  productTypes: ['product-type'] as const,
  treatmentTypes: ['treatment-type'] as const,
  categories: (type: 'product' | 'treatment') => ['category', 'options', type] as const,
  branches: ['branch', 'options'] as const,
};

export function fetchProductTypes(signal?: AbortSignal) {
  return callApi(lookupEndpoints.productTypes, { signal }).then((answer) => answer.data);
}

export function useProductTypes() {
  return useQuery({
    queryKey: lookupKeys.productTypes,
    queryFn: ({ signal }) => fetchProductTypes(signal),
    staleTime: STALE,
  });
}

export function useTreatmentTypes() {
  return useQuery({
    queryKey: lookupKeys.treatmentTypes,
    queryFn: ({ signal }) =>
      callApi(lookupEndpoints.treatmentTypes, { signal }).then((answer) => answer.data),
    staleTime: STALE,
  });
}

/** Active categories of products or of treatments. */
export function useCategoryOptions(type: 'product' | 'treatment') {
  return useQuery({
    queryKey: lookupKeys.categories(type),
    queryFn: ({ signal }) =>
      callApi(lookupEndpoints.categories, {
        query: { type, status: 1, take: MAX_TAKE, field: 'name', order: 'ASC' },
        signal,
      }).then((answer) => answer.data.items),
    staleTime: STALE,
  });
}

/** Active branches with their distribution-centre flag. */
export function useBranchList(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.branches,
    queryFn: ({ signal }) =>
      callApi(lookupEndpoints.branches, {
        query: { status: 1, take: MAX_TAKE, field: 'name', order: 'ASC' },
        signal,
      }).then((answer) => answer.data.items),
    staleTime: STALE,
    enabled,
  });
}
