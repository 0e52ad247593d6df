import type { FastifyPluginAsync } from 'fastify';
import { cashClosingRoutes } from '@clinica/domain';
import { serve, servePdf } from '../../platform/routes';
import { cashClosingPdf } from './cash-closing-pdf';
import { getCashClosing, listCashClosings, listCashOnlyClosings } from './cash-closing-read';
import { createClosing, previewClosing } from './cash-closing.service';

/** Daily cash closings (CONTRACT §12 "Daily cash closing"). */
export const cashClosingRoutesPlugin: FastifyPluginAsync = async (app) => {
  serve(app, cashClosingRoutes.preview, (ctx, { query }) => previewClosing(ctx, query));
  serve(app, cashClosingRoutes.create, (ctx, { body }) => createClosing(ctx, body));
  serve(app, cashClosingRoutes.list, (ctx, { query }) => listCashClosings(ctx, query));
  serve(app, cashClosingRoutes.listCash, (ctx, { query }) => listCashOnlyClosings(ctx, query));
  serve(app, cashClosingRoutes.get, (ctx, { params, query }) =>
    getCashClosing(ctx, params.id, query),
  );
  servePdf(app, cashClosingRoutes.download, (ctx, { id }) => cashClosingPdf(ctx, id));
};
