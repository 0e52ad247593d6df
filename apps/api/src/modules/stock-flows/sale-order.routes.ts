import type { FastifyPluginAsync, FastifySchema, RouteOptions } from 'fastify';
import { saleOrderRoutes } from '@clinica/domain';
import { contextOf } from '../../platform/context';
import { routeOptions, serveCrud } from '../../platform/routes';
import { saleOrderPdf } from './sale-order-pdf';
import { saleOrderService } from './sale-order.service';

/** Sale orders to business customers (spec 001 §2–§7, CONTRACT §9): the five calls and the PDF. */
export const saleOrderRoutesPlugin: FastifyPluginAsync = async (app) => {
  serveCrud(app, saleOrderRoutes, saleOrderService);

  // The PDF is the answer itself, not the JSON envelope; opened in a new tab, so inline.
  const download = routeOptions(saleOrderRoutes.download) as Omit<RouteOptions, 'handler'> & {
    schema: FastifySchema;
  };
  const { response: _envelope, ...schema } = download.schema;
  app.route({
    ...download,
    schema: { ...schema, produces: ['application/pdf'] } as FastifySchema,
    handler: async (request, reply) => {
      const { id } = request.params as { id: number };
      const pdf = await saleOrderPdf(contextOf(app, request), id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${pdf.filename}"`)
        .send(pdf.bytes);
    },
  });
};
