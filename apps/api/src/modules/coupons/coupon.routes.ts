import type { FastifyPluginAsync } from 'fastify';
import { couponRoutes } from '@clinica/domain';
import { serveCrud } from '../../platform/routes';
import { couponService } from './coupon.service';

/** Coupons (spec 002 §2–§9, CONTRACT §11). Redemption is `redeem.ts`, called by the sales. */
export const couponRoutesPlugin: FastifyPluginAsync = async (app) => {
  serveCrud(app, couponRoutes, couponService);
};
