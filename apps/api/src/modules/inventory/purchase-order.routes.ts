import type { FastifyPluginAsync, FastifySchema, RouteOptions } from 'fastify';
import { purchaseOrderRoutes } from '@clinica/domain';
import { contextOf } from '../../platform/context';
import { routeOptions, serveCrud } from '../../platform/routes';
import { purchaseOrderPdf } from './purchase-order-pdf';
import { purchaseOrderService } from './purchase-order.service';

/** Purchase orders (spec 001 §2–§7, CONTRACT §9): the five calls and the PDF. */
export const purchaseOrderRoutesPlugin: FastifyPluginAsync = async (app) => {
  serveCrud(app, purchaseOrderRoutes, purchaseOrderService);

  // The PDF is the answer itself, not the JSON envelope; opened in a new tab, so inline.
  const download = routeOptions(purchaseOrderRoutes.download) as Omit<RouteOptions, 'handler'> & {
    schema: FastifySchema;
  };
  const { response: _envelope, ...schema } = download.schema;
  app.route({
    ...download,
    schema: { ...schema, produces: ['application/pdf'] } as FastifySchema,
    handler: async (request, reply) => {
      const { id } = request.params as { id: number };
      const pdf = await purchaseOrderPdf(contextOf(app, request), id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${pdf.filename}"`)
        .send(pdf.bytes);
    },
  });
};
