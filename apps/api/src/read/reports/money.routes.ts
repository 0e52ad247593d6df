import type { FastifyPluginAsync } from 'fastify';
import { reportMoneyRoutes as routes } from '@clinica/domain';
import { dailyCashClosingsJson } from './money-closings';
import { profitabilityByBranch } from './money-profitability';
import { dailySales, monthlySales } from './money-sales';
import { serveReport, serveReportJson } from './serve-report';

/** The money reports of CONTRACT §14 (sales, closings, profitability); README.md beside this file. */
export const reportMoneyRoutesPlugin: FastifyPluginAsync = async (app) => {
  serveReport(app, routes.dailySales, (ctx, { query }) => dailySales(ctx, query));
  serveReport(app, routes.monthlySales, (ctx, { query }) => monthlySales(ctx, query));
  serveReportJson(app, routes.dailyCashClosings, (ctx, { query }) =>
    dailyCashClosingsJson(ctx, query),
  );
  serveReport(app, routes.profitabilityByBranch, (ctx, { query }) =>
    profitabilityByBranch(ctx, query),
  );
};
