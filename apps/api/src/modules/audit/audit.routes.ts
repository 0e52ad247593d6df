import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRoutes as routes } from '@clinica/domain';
import { serve } from '../../platform/routes';
import { listAuditEntries } from './audit.service';

/** The audit log, from the route table. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, routes.list, (ctx, { query }) => listAuditEntries(ctx, query));
};
