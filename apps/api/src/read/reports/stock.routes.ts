import type { FastifyPluginAsync } from 'fastify';
import { reportStockRoutes as routes } from '@clinica/domain';
import { serveReport } from './serve-report';
import { branchExpensesReport } from './stock-expenses';
import { generalExpensesByProduct, generalInventory } from './stock-inventory';

/** The stock and expense reports of CONTRACT §14; README.md beside this file. */
export const reportStockRoutesPlugin: FastifyPluginAsync = async (app) => {
  serveReport(app, routes.branchExpenses, (ctx, { query }) => branchExpensesReport(ctx, query));
  serveReport(app, routes.generalExpensesByProduct, (ctx, { query }) =>
    generalExpensesByProduct(ctx, query),
  );
  serveReport(app, routes.generalInventory, (ctx, { query }) => generalInventory(ctx, query));
};
