import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NotFound,
  branchBody,
  branchQuery,
  branchRecord,
  branchUpdateBody,
  envelope,
  listOf,
} from '@clinica/domain';
import { registerCrud } from '../../platform/crud-routes';
import { ok } from '../../platform/envelope';
import { sessionOf } from '../../platform/session';
import * as branches from './branch.service';

const listHelp =
  'Sucursales con horarios (un día de descanso es 00:00–00:00); búsqueda por name, phone, code o city; filtros status y franchise; orden por name, code, city, created_at, id. El centro de distribución no se elimina (409 código 36)';

export const branchRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCrud(app, {
    path: 'branch',
    resource: 'branch',
    tag: 'Sucursales',
    noun: 'una sucursal',
    listHelp,
    notFoundCode: NotFound.branch,
    schemas: {
      record: branchRecord,
      query: branchQuery,
      create: branchBody,
      update: branchUpdateBody,
    },
    list: (session, query) => branches.listBranches(app, session, query),
    get: (session, id) => branches.getBranch(app, session, id),
    create: (session, body) => branches.createBranch(app, session, body),
    update: (session, id, body) => branches.updateBranch(app, session, id, body),
    remove: (session, id) => branches.deleteBranch(app, session, id),
  });

  app.get('/branch/paginated', {
    config: { privilege: { resource: 'branch', action: 'view' } },
    schema: {
      tags: ['Sucursales'],
      summary: listHelp,
      querystring: branchQuery,
      response: { 200: envelope(listOf(branchRecord)) },
    },
    handler: async (request) =>
      ok(await branches.listBranches(app, sessionOf(request), request.query)),
  });
};
