import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEntry, auditQuery, envelope, listOf } from '@clinica/domain';
import { ok } from '../../platform/envelope';
import { sessionOf } from '../../platform/session';
import { listAuditEntries } from './audit.service';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/log', {
    config: { privilege: { resource: 'history', action: 'view' } },
    schema: {
      tags: ['Bitácora'],
      summary:
        'Bitácora de cambios: filtros module, action, userId, branchId, productId, from, to (AAAA-MM-DD); orden por created_at, id, module, action',
      querystring: auditQuery,
      response: { 200: envelope(listOf(auditEntry)) },
    },
    handler: async (request) => ok(await listAuditEntries(app, sessionOf(request), request.query)),
  });
};
