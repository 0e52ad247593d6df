import type { FastifyPluginAsync } from 'fastify';
import { reportStockRoutes as routes } from '@clinica/domain';
import { serve } from '../../platform/routes';
import { branchExpensesReport } from './stock-expenses';
import { generalExpensesByProduct, generalInventory } from './stock-inventory';

/** The stock and expense reports of CONTRACT §14; README.md beside this file. */
export const reportStockRoutesPlugin: FastifyPluginAsync = async (app) => {
  serve(app, routes.branchExpenses, (ctx, { query }) => branchExpensesReport(ctx, query));
  serve(app, routes.generalExpensesByProduct, (ctx, { query }) =>
    generalExpensesByProduct(ctx, query),
  );
  serve(app, routes.generalInventory, (ctx, { query }) => generalInventory(ctx, query));
};
