import type { FastifyPluginAsync } from 'fastify';
import { customerRoutes } from '@clinica/domain';
import { serve } from '../platform/routes';
import { customerAppointments, customerDetail, customerOrders } from './customer-history';

/** The customer's detail with what other modules hold of them (spec 002 §2). */
export const customerHistoryRoutes: FastifyPluginAsync = async (app) => {
  serve(app, customerRoutes.detail, (ctx, { params, query }) =>
    customerDetail(ctx, params.id, query.purchasedProducts === 'true'),
  );
  serve(app, customerRoutes.orders, (ctx, { params }) => customerOrders(ctx, params.id));
  serve(app, customerRoutes.appointments, (ctx, { params }) =>
    customerAppointments(ctx, params.id),
  );
};
