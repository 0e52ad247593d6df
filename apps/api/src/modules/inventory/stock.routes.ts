import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stockRoutes } from '@clinica/domain';
import { serve } from '../../platform/routes';
import { adjustStock } from './adjustment.service';
import { createMaxMin, getMaxMin, updateMaxMin } from './max-min.service';
import {
  listMovements,
  listStock,
  stockByBranch,
  stockByTreatment,
  stockDetailOf,
  stockReport,
} from './stock.service';
import { traceLot } from './stock-trace';

/** The inventory's stock, ledger, adjustments and max/min (spec 001 §2–§9, CONTRACT §9). */
export const stockModule: FastifyPluginAsyncZod = async (app) => {
  serve(app, stockRoutes.list, (ctx, { query }) => listStock(ctx, query));
  serve(app, stockRoutes.movements, (ctx, { query }) => listMovements(ctx, query));
  serve(app, stockRoutes.detail, (ctx, { params }) => stockDetailOf(ctx, params));
  serve(app, stockRoutes.byBranch, (ctx, { query }) => stockByBranch(ctx, query));
  serve(app, stockRoutes.byTreatment, (ctx, { query }) => stockByTreatment(ctx, query));
  serve(app, stockRoutes.trace, (ctx, { params }) => traceLot(ctx, params.stockId));
  serve(app, stockRoutes.report, (ctx, { query }) => stockReport(ctx, query));
  serve(app, stockRoutes.adjustment, (ctx, { body }) => adjustStock(ctx, body));
  serve(app, stockRoutes.createMaxMin, (ctx, { body }) => createMaxMin(ctx, body));
  serve(app, stockRoutes.getMaxMin, (ctx, { params }) => getMaxMin(ctx, params.mmId));
  serve(app, stockRoutes.updateMaxMin, (ctx, { params, body }) =>
    updateMaxMin(ctx, params.mmId, body),
  );
};
