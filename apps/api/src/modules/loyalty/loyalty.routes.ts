import type { FastifyPluginAsync } from 'fastify';
import { loyaltyRoutes } from '@clinica/domain';
import { serve } from '../../platform/routes';
import { listLevels, loyaltySystem, members, missYou, updateLevel } from './loyalty.service';

/** Loyalty levels and the loyalty lists (CONTRACT §10, spec 002 §2). */
export const loyaltyRoutesPlugin: FastifyPluginAsync = async (app) => {
  serve(app, loyaltyRoutes.levels, (ctx) => listLevels(ctx));
  serve(app, loyaltyRoutes.updateLevel, (ctx, { params, body }) =>
    updateLevel(ctx, params.id, body),
  );
  serve(app, loyaltyRoutes.system, (ctx, { query }) => loyaltySystem(ctx, query));
  serve(app, loyaltyRoutes.members, (ctx, { query }) => members(ctx, query));
  serve(app, loyaltyRoutes.missYou, (ctx, { query }) => missYou(ctx, query));
  serve(app, loyaltyRoutes.totalsPurchases, (ctx, { query }) => loyaltySystem(ctx, query));
};
