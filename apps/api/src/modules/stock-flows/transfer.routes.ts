import type { FastifyPluginAsync, FastifySchema, RouteOptions } from 'fastify';
import { transferRoutes } from '@clinica/domain';
import { contextOf } from '../../platform/context';
import { routeOptions, serve, serveCrud } from '../../platform/routes';
import { transferPdf } from './transfer-pdf';
import { getTransfer, listTransfers } from './transfer-read';
import {
  approveTransfer,
  confirmTransfer,
  createTransfer,
  deleteTransfer,
  rejectTransfer,
  updateTransfer,
} from './transfer.service';

/** Transfers between branches (spec 001 §2–§6, CONTRACT §9): the five calls, the steps, the PDF. */
export const transferRoutesPlugin: FastifyPluginAsync = async (app) => {
  serveCrud(app, transferRoutes, {
    list: listTransfers,
    get: getTransfer,
    create: createTransfer,
    update: updateTransfer,
    remove: deleteTransfer,
  });
  serve(app, transferRoutes.approve, (ctx, { params, body }) =>
    approveTransfer(ctx, params.id, body),
  );
  serve(app, transferRoutes.confirm, (ctx, { params, body }) =>
    confirmTransfer(ctx, params.id, body),
  );
  serve(app, transferRoutes.reject, (ctx, { params, body }) =>
    rejectTransfer(ctx, params.id, body),
  );

  // The PDF is the answer itself, not the JSON envelope; opened in a new tab, so inline.
  const download = routeOptions(transferRoutes.download) as Omit<RouteOptions, 'handler'> & {
    schema: FastifySchema;
  };
  const { response: _envelope, ...schema } = download.schema;
  app.route({
    ...download,
    schema: { ...schema, produces: ['application/pdf'] } as FastifySchema,
    handler: async (request, reply) => {
      const { id } = request.params as { id: number };
      const pdf = await transferPdf(contextOf(app, request), id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${pdf.filename}"`)
        .send(pdf.bytes);
    },
  });
};
