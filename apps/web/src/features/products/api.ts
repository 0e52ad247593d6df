import { z } from 'zod';
import {
  PRODUCT_UPDATE_PATHS,
  listOf,
  productApproveBody,
  productBody,
  productPhotosAnswer,
  productRecord,
  productRejectBody,
  productUpdateBody,
  type ProductTypeName,
} from '@clinica/domain';
import { callApi, endpoint, uploadFile, type ApiResult } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';
import { API_BASE } from '../../shared/api/client';

/** Products with their approval and photos (spec 001 §3–§5, §7): `/product…`. */

export type Product = z.infer<typeof productRecord>;

const deleted = z.object({ id: z.number().int() });

const updateEndpoint = <const Path extends string>(path: Path) =>
  endpoint({ method: 'PUT', path, body: productUpdateBody, answer: productRecord });

export const productEndpoints = {
  list: endpoint({ method: 'GET', path: '/product', answer: listOf(productRecord) }),
  get: endpoint({ method: 'GET', path: '/product/:id', answer: productRecord }),
  create: endpoint({
    method: 'POST',
    path: '/product/create',
    body: productBody,
    answer: productRecord,
  }),
  /** One update path per product type (spec 001 §7). */
  update: {
    'update-medical-product': updateEndpoint('/product/:id/update-medical-product'),
    'update-cosmetic-product': updateEndpoint('/product/:id/update-cosmetic-product'),
    'update-cabain-product': updateEndpoint('/product/:id/update-cabain-product'),
    'update-input-product': updateEndpoint('/product/:id/update-input-product'),
  },
  approve: endpoint({
    method: 'PUT',
    path: '/product/:id/approve',
    body: productApproveBody,
    answer: productRecord,
  }),
  reject: endpoint({
    method: 'PUT',
    path: '/product/:id/reject',
    body: productRejectBody,
    answer: productRecord,
  }),
  photos: endpoint({ method: 'POST', path: '/product/:id/photos', answer: productPhotosAnswer }),
  remove: endpoint({ method: 'POST', path: '/product/:id/delete', answer: deleted }),
};

export const productKeys = {
  all: ['product'] as const,
  detail: (id: number) => ['product', 'detail', id] as const,
  options: ['product', 'options'] as const,
};

/** A product photo at full size (spec 001 §7: /v1/product/photo/{name}). */
export function productPhotoUrl(name: string): string {
  return `${API_BASE}/product/photo/${encodeURIComponent(name)}`;
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
