import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { branchRoutes as routes } from '@clinica/domain';
import { serve, serveCrud } from '../../platform/routes';
import { branchService, listBranches } from './branch.service';

/** Branches (spec 000 §3–§5): the five calls and the list's other name, `/branch/paginated`. */
export const branchRoutes: FastifyPluginAsyncZod = async (app) => {
  serveCrud(app, routes, branchService);
  serve(app, routes.paginated, (ctx, { query }) => listBranches(ctx, query));
};
