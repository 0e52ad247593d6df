import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import {
  MAX_TAKE,
  applianceRoutes,
  catalogueLookupRoutes,
  categoryRoutes,
  lookupRoutes,
  productRoutes,
  providerRoutes,
  treatmentRoutes,
  type productType,
  type treatmentType,
} from '@clinica/domain';
import { callApi } from '../api/client';
import { usePrivileges } from '../session/hooks';
import { LOOKUPS } from './registry';

/** The catalogue's selection lists (spec 001 §3 'Lookups used by these forms'). */

export const catalogueEndpoints = {
  productTypes: lookupRoutes.productTypes,
  treatmentTypes: lookupRoutes.treatmentTypes,
  areas: catalogueLookupRoutes.areas,
  consents: catalogueLookupRoutes.consents,
  categories: categoryRoutes.list,
  providers: providerRoutes.list,
  products: productRoutes.list,
  treatments: treatmentRoutes.list,
  appliances: applianceRoutes.list,
};

export type ProductType = z.infer<typeof productType>;
export type TreatmentType = z.infer<typeof treatmentType>;

export function fetchProductTypes(signal?: AbortSignal) {
  return callApi(catalogueEndpoints.productTypes, { signal }).then((answer) => answer.data);
}

export function useProductTypes() {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.productTypes.key(),
    queryFn: ({ signal }) => fetchProductTypes(signal),
    staleTime: LOOKUPS.productTypes.staleTime,
    enabled: canCall(catalogueEndpoints.productTypes),
  });
}

export function useTreatmentTypes() {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.treatmentTypes.key(),
    queryFn: ({ signal }) =>
      callApi(catalogueEndpoints.treatmentTypes, { signal }).then((answer) => answer.data),
    staleTime: LOOKUPS.treatmentTypes.staleTime,
    enabled: canCall(catalogueEndpoints.treatmentTypes),
  });
}

/** Active categories of products or of treatments. */
export function useCategoryOptions(type: 'product' | 'treatment') {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.categories.key(type),
    queryFn: ({ signal }) =>
      callApi(catalogueEndpoints.categories, {
        query: { type, status: 1, take: MAX_TAKE, field: 'name', order: 'ASC' },
        signal,
      }).then((answer) => answer.data.items),
    staleTime: LOOKUPS.categories.staleTime,
    enabled: canCall(catalogueEndpoints.categories),
  });
}

/**
 * The providers a product can name (spec 001 §7: GET /provider with withDeleted=false); not
 * called for a session that may not list them (a medic sees products but not providers).
 */
export function useProviderOptions() {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.providers.key(),
    queryFn: ({ signal }) =>
      callApi(catalogueEndpoints.providers, {
        query: { take: MAX_TAKE, field: 'name', order: 'ASC', withDeleted: false },
        signal,
      }).then((answer) => answer.data.items),
    staleTime: LOOKUPS.providers.staleTime,
    enabled: canCall(catalogueEndpoints.providers),
  });
}

/** How many matches one search of the product picker brings. */
export const PRODUCT_PICKER_TAKE = 30;

/** What the picker searches for: a label typed or pasted whole ('SKU · name') by its SKU. */
export const productSearchTerm = (text: string) => (text.split(' · ')[0] ?? '').trim();

type ProductOption = Awaited<ReturnType<typeof searchProducts>>[number];

function searchProducts(term: string, signal?: AbortSignal) {
  return callApi(catalogueEndpoints.products, {
    query: {
      take: PRODUCT_PICKER_TAKE,
      status: 1,
      isApproved: 'approved',
      field: 'name',
      order: 'ASC',
      ...(term ? { search: term } : {}),
    },
    signal,
  }).then((answer) => answer.data.items);
}

/**
 * Active, approved products to choose from, searched as one types (a purchase's lines, a
 * treatment's consumed products, the history's filter): a chain's catalogue holds thousands, more
 * than a page, so the picker asks the server for what matches rather than loading them all. It
 * keeps every product it has shown, so a chosen one keeps its label and its details (cost, tax)
 * while another search runs; `onSearch` goes to the select, whose own filter narrows them.
 */
export function useProductPicker() {
  const { canCall } = usePrivileges();
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(productSearchTerm(typed)), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const page = useQuery({
    queryKey: LOOKUPS.products.key(term),
    queryFn: ({ signal }) => searchProducts(term, signal),
    staleTime: LOOKUPS.products.staleTime,
    enabled: canCall(catalogueEndpoints.products),
  });
  const [seen, setSeen] = useState<ProductOption[]>([]);
  useEffect(() => {
    if (!page.data) return;
    setSeen((before) => {
      const known = new Set(before.map((product) => product.id));
      const added = page.data.filter((product) => !known.has(product.id));
      return added.length ? [...before, ...added] : before;
    });
  }, [page.data]);
  return { products: seen, isLoading: page.isFetching, onSearch: setTyped };
}

/**
 * Active, approved products of one type (spec 002 §7: the coupon form asks for productType
 * 'Cosmetólogo/Venta', status 1, approved, withDeleted false); nothing until the type is known.
 */
export function useProductOptionsOfType(productTypeId: number | null) {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.productsOfType.key(productTypeId),
    queryFn: ({ signal }) =>
      callApi(catalogueEndpoints.products, {
        query: {
          take: MAX_TAKE,
          status: 1,
          isApproved: 'approved',
          productTypeId: productTypeId!,
          withDeleted: false,
          field: 'name',
          order: 'ASC',
        },
        signal,
      }).then((answer) => answer.data.items),
    staleTime: LOOKUPS.productsOfType.staleTime,
    enabled: productTypeId !== null && canCall(catalogueEndpoints.products),
  });
}

/** Active treatments to choose from (spec 002 §7: the coupon form's treatments with status 1). */
export function useTreatmentOptions() {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.treatments.key(),
    queryFn: ({ signal }) =>
      callApi(catalogueEndpoints.treatments, {
        query: { take: MAX_TAKE, status: 1, field: 'name', order: 'ASC' },
        signal,
      }).then((answer) => answer.data.items),
    staleTime: LOOKUPS.treatments.staleTime,
    enabled: canCall(catalogueEndpoints.treatments),
  });
}

/** Active appliances to choose from, of one treatment type or of all (spec 002 §7). */
export function useApplianceOptions(applianceType: number | null = null, enabled = true) {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.appliances.key(applianceType),
    queryFn: ({ signal }) =>
      callApi(catalogueEndpoints.appliances, {
        query: {
          take: MAX_TAKE,
          active: 1,
          field: 'name',
          order: 'ASC',
          ...(applianceType ? { applianceType } : {}),
        },
        signal,
      }).then((answer) => answer.data.items),
    staleTime: LOOKUPS.appliances.staleTime,
    enabled: canCall(catalogueEndpoints.appliances) && enabled,
  });
}

/** The body and face areas of a treatment type (`GET /area?treatmentTypeId`). */
export function useAreas(treatmentTypeId: number | null) {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.areas.key(treatmentTypeId ?? 0),
    queryFn: ({ signal }) =>
      callApi(catalogueEndpoints.areas, { query: { treatmentTypeId }, signal }).then(
        (answer) => answer.data,
      ),
    enabled: canCall(catalogueEndpoints.areas) && treatmentTypeId !== null,
    staleTime: LOOKUPS.areas.staleTime,
  });
}

export function useConsents() {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.consents.key(),
    queryFn: ({ signal }) =>
      callApi(catalogueEndpoints.consents, { signal }).then((answer) => answer.data),
    staleTime: LOOKUPS.consents.staleTime,
    enabled: canCall(catalogueEndpoints.consents),
  });
}
