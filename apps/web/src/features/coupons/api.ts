import type { z } from 'zod';
import {
  couponRoutes,
  type CouponDetail,
  type CouponRecord,
  type couponBody,
} from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Coupons (spec 002 §7, CONTRACT §11): `/coupon…` and `/coupons/{id}`. */

export type Coupon = CouponRecord;
export type { CouponDetail };

/** The calls of this screen: the domain's route table, as the API registers it. */
export const couponEndpoints = couponRoutes;

export const couponKeys = {
  all: ['coupon'] as const,
  detail: (id: number) => ['coupon', 'detail', id] as const,
};

export async function fetchCouponPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<Coupon>> {
  return (await callApi(couponEndpoints.list, { query, signal })).data;
}

export async function fetchCoupon(id: number, signal?: AbortSignal): Promise<CouponDetail> {
  return (await callApi(couponEndpoints.get, { params: { id }, signal })).data;
}

export function saveCoupon(body: z.output<typeof couponBody>, id: number | null) {
  return id === null
    ? callApi(couponEndpoints.create, { body })
    : callApi(couponEndpoints.update, { params: { id }, body });
}

export function removeCoupon(coupon: Coupon) {
  return callApi(couponEndpoints.remove, { params: { id: coupon.id } });
}
