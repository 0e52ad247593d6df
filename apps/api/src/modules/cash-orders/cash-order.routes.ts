import type { FastifyPluginAsync } from 'fastify';
import { cashOrderRoutes } from '@clinica/domain';
import { serve, servePdf } from '../../platform/routes';
import { listCashOrders } from './cash-order-list';
import { getCashOrder } from './cash-order-read';
import { quoteCashOrder } from './cash-order-quote';
import { refundCashOrder } from './cash-order-refund';
import { cashOrderLots, updateCashOrderSeller } from './cash-order-seller';
import { cashOrderTicket } from './cash-order-ticket';
import { createCashOrder } from './cash-order.service';

/** Cash orders: products sold at the counter (CONTRACT §12 "Cash orders"). */
export const cashOrderRoutesPlugin: FastifyPluginAsync = async (app) => {
  serve(app, cashOrderRoutes.list, (ctx, { query }) => listCashOrders(ctx, query));
  serve(app, cashOrderRoutes.lots, (ctx, { query }) => cashOrderLots(ctx, query));
  serve(app, cashOrderRoutes.get, (ctx, { params }) => getCashOrder(ctx, params.id));
  serve(app, cashOrderRoutes.create, (ctx, { body }) => createCashOrder(ctx, body));
  serve(app, cashOrderRoutes.quote, (ctx, { body }) => quoteCashOrder(ctx, body));
  serve(app, cashOrderRoutes.refund, (ctx, { params, body }) =>
    refundCashOrder(ctx, params.orderNumber, body),
  );
  serve(app, cashOrderRoutes.updateSeller, (ctx, { params, body }) =>
    updateCashOrderSeller(ctx, params.id, body),
  );
  servePdf(app, cashOrderRoutes.ticket, (ctx, { id }) => cashOrderTicket(ctx, id, 'sale'));
  servePdf(app, cashOrderRoutes.refundTicket, (ctx, { id }) => cashOrderTicket(ctx, id, 'refund'));
};
