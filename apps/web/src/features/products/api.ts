import type { z } from 'zod';
import {
  PRODUCT_UPDATE_PATHS,
  productRoutes,
  type ProductTypeName,
  type productApproveBody,
  type productBody,
  type productRecord,
  type productUpdateBody,
} from '@clinica/domain';
import { API_BASE, callApi, uploadFile, type ApiResult } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Products with their approval and photos (spec 001 §3–§5, §7): `/product…`. */

export type Product = z.infer<typeof productRecord>;

/**
 * The calls of this screen: the domain's route table, as the API registers it (one update path
 * per product type, spec 001 §7).
 */
export const productEndpoints = productRoutes;

export const productKeys = {
  all: ['product'] as const,
  detail: (id: number) => ['product', 'detail', id] as const,
  options: ['product', 'options'] as const,
};

/** A product photo at full size (spec 001 §7: /v1/product/photo/{name}). */
export function productPhotoUrl(name: string): string {
  return `${API_BASE}${productRoutes.photo.path.replace(':name', encodeURIComponent(name))}`;
}

export async function fetchProductPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<Product>> {
  return (await callApi(productEndpoints.list, { query, signal })).data;
}

export async function fetchProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return (await callApi(productEndpoints.get, { params: { id }, signal })).data;
}

export function createProduct(body: z.input<typeof productBody>) {
  return callApi(productEndpoints.create, { body });
}

/** The edit goes to the path of the product's type (spec 001 §7). */
export function updateProduct(
  id: number,
  typeName: ProductTypeName,
  body: z.input<typeof productUpdateBody>,
) {
  return callApi(productEndpoints.update[PRODUCT_UPDATE_PATHS[typeName]], {
    params: { id },
    body,
  });
}

export function approveProduct(id: number, body: z.input<typeof productApproveBody>) {
  return callApi(productEndpoints.approve, { params: { id }, body });
}

export function rejectProduct(id: number) {
  return callApi(productEndpoints.reject, { params: { id }, body: {} });
}

/** Photos travel one call each once the product exists (CONTRACT §2). */
export async function uploadProductPhotos(id: number, files: File[]): Promise<void> {
  for (const file of files) {
    await uploadFile(productEndpoints.photos, { params: { id }, file, fileName: file.name });
  }
}

export function removeProduct(product: Product): Promise<ApiResult<unknown>> {
  return callApi(productEndpoints.remove, { params: { id: product.id } });
}
