import type { FastifyPluginAsync, FastifySchema, RouteOptions } from 'fastify';
import { assortmentOrderRoutes } from '@clinica/domain';
import { contextOf } from '../../platform/context';
import { routeOptions, serve, serveCrud } from '../../platform/routes';
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

  // The PDF is the answer itself, not the JSON envelope; opened in a new tab, so inline.
  const download = routeOptions(assortmentOrderRoutes.download) as Omit<RouteOptions, 'handler'> & {
    schema: FastifySchema;
  };
  const { response: _envelope, ...schema } = download.schema;
  app.route({
    ...download,
    schema: { ...schema, produces: ['application/pdf'] } as FastifySchema,
    handler: async (request, reply) => {
      const { id } = request.params as { id: number };
      const pdf = await assortmentOrderPdf(contextOf(app, request), id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${pdf.filename}"`)
        .send(pdf.bytes);
    },
  });
};
