import type { FastifyPluginAsync } from 'fastify';
import { orderRoutes } from '@clinica/domain';
import { serve } from '../../platform/routes';
import { createOrder, getOrder, listOrders, settleOrder } from './order.service';

/** Orders of treatments, packages and promotions (CONTRACT §12). */
export const orderRoutesPlugin: FastifyPluginAsync = async (app) => {
  serve(app, orderRoutes.list, (ctx, { query }) => listOrders(ctx, query));
  serve(app, orderRoutes.create, (ctx, { body }) => createOrder(ctx, body));
  serve(app, orderRoutes.get, (ctx, { params }) => getOrder(ctx, params.id));
  serve(app, orderRoutes.settle, (ctx, { params, body }) => settleOrder(ctx, params.id, body));
};
