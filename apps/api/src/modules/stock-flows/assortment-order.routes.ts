import type { FastifyPluginAsync } from 'fastify';
import { assortmentOrderRoutes } from '@clinica/domain';
import { serve, serveCrud, servePdf } from '../../platform/routes';
import {
  approveAssortmentOrder,
  confirmAssortmentOrder,
  rejectAssortmentOrder,
} from './assortment-order-flow';
import { assortmentOrderProducts } from './assortment-order-products';
import { assortmentOrderPdf } from './assortment-order-pdf';
import { assortmentOrderService } from './assortment-order.service';

/** Assortment orders, CEDIS → branch (spec 001 §2–§7, CONTRACT §9): CRUD, transitions, PDF. */
export const assortmentOrderRoutesPlugin: FastifyPluginAsync = async (app) => {
  serveCrud(app, assortmentOrderRoutes, assortmentOrderService);
  serve(app, assortmentOrderRoutes.products, (ctx, { query }) =>
    assortmentOrderProducts(ctx, query),
  );
  serve(app, assortmentOrderRoutes.approve, (ctx, { params, body }) =>
    approveAssortmentOrder(ctx, params.id, body),
  );
  serve(app, assortmentOrderRoutes.confirm, (ctx, { params, body }) =>
    confirmAssortmentOrder(ctx, params.id, body),
  );
  serve(app, assortmentOrderRoutes.reject, (ctx, { params, body }) =>
    rejectAssortmentOrder(ctx, params.id, body),
  );

  servePdf(app, assortmentOrderRoutes.download, (ctx, { id }) => assortmentOrderPdf(ctx, id));
};
