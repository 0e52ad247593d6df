import type { FastifyPluginAsync } from 'fastify';
import { reportMoneyRoutes as routes } from '@clinica/domain';
import { serve } from '../../platform/routes';
import { dailyCashClosings } from './money-closings';
import { profitabilityByBranch } from './money-profitability';
import { dailySales, monthlySales } from './money-sales';

/** The money reports of CONTRACT §14 (sales, closings, profitability); README.md beside this file. */
export const reportMoneyRoutesPlugin: FastifyPluginAsync = async (app) => {
  serve(app, routes.dailySales, (ctx, { query }) => dailySales(ctx, query));
  serve(app, routes.monthlySales, (ctx, { query }) => monthlySales(ctx, query));
  serve(app, routes.dailyCashClosings, (ctx, { query }) => dailyCashClosings(ctx, query));
  serve(app, routes.profitabilityByBranch, (ctx, { query }) => profitabilityByBranch(ctx, query));
};
