import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParams, moduleEntry, role, updateRoleBody } from '@clinica/domain';
import { ok } from '../../platform/envelope';
import { sessionOf } from '../../platform/session';
import { listModules, listRoles, updateRolePrivileges } from './role.service';

const tags = ['Roles y privilegios'];

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/role', {
    config: { signedIn: true },
    schema: {
      tags,
      summary:
        'Roles con su mapa de privilegios. Cualquier sesión: el formulario de personal elige el rol y la aplicación muestra según el mapa; cambiarlo pide role edit.',
      response: { 200: envelope(z.array(role)) },
    },
    handler: async () => ok(await listRoles(app)),
  });

  app.put('/role/:id/update', {
    config: { privilege: { resource: 'role', action: 'edit' } },
    schema: {
      tags,
      summary: 'Reemplazar el mapa de privilegios de un rol (solo Super Administrador)',
      params: idParams,
      body: updateRoleBody,
      response: { 200: envelope(role) },
    },
    handler: async (request) =>
      ok(
        await updateRolePrivileges(
          app,
          sessionOf(request),
          request.params.id,
          request.body.privileges,
        ),
      ),
  });

  app.get('/module', {
    config: { signedIn: true },
    schema: {
      tags,
      summary:
        'Recursos (módulos) sobre los que se otorgan privilegios; alias es la clave. Cualquier sesión: es la lista fija de claves de la aplicación, sin datos de nadie.',
      response: { 200: envelope(z.array(moduleEntry)) },
    },
    handler: async () => ok(await listModules(app)),
  });
};
