import type { FastifyPluginAsync } from 'fastify';
import { orderRoutes, purchasedProductRoutes } from '@clinica/domain';
import { serve, servePdf } from '../../platform/routes';
import { createOrder, getOrder, listOrders, settleOrder } from './order.service';
import { quoteOrder } from './order-quote';
import { refundOrder } from './order-refund';
import { orderTicket } from './order-ticket';
import {
  finishPurchasedProduct,
  missedAppointmentsOf,
  purchasedProductsOfCustomer,
} from './purchased-product.service';

/** Orders of treatments, packages and promotions (CONTRACT §12) and the purchased products. */
export const orderRoutesPlugin: FastifyPluginAsync = async (app) => {
  serve(app, orderRoutes.list, (ctx, { query }) => listOrders(ctx, query));
  serve(app, orderRoutes.create, (ctx, { body }) => createOrder(ctx, body));
  serve(app, orderRoutes.quote, (ctx, { body }) => quoteOrder(ctx, body));
  serve(app, orderRoutes.get, (ctx, { params }) => getOrder(ctx, params.id));
  serve(app, orderRoutes.settle, (ctx, { params, body }) => settleOrder(ctx, params.id, body));
  serve(app, orderRoutes.refund, (ctx, { params, body }) =>
    refundOrder(ctx, params.orderNumber, body),
  );
  servePdf(app, orderRoutes.ticket, (ctx, { id }) => orderTicket(ctx, id, 'sale'));
  servePdf(app, orderRoutes.refundTicket, (ctx, { id }) => orderTicket(ctx, id, 'refund'));
  serve(app, purchasedProductRoutes.ofCustomer, (ctx, { params }) =>
    purchasedProductsOfCustomer(ctx, params.id),
  );
  serve(app, purchasedProductRoutes.finish, (ctx, { params, body }) =>
    finishPurchasedProduct(ctx, params.id, body),
  );
  serve(app, purchasedProductRoutes.missed, (ctx, { params }) =>
    missedAppointmentsOf(ctx, params.id),
  );
};
