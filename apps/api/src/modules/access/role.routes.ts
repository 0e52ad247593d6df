import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roleRoutes as routes } from '@clinica/domain';
import { serve } from '../../platform/routes';
import { listModules, listRoles, updateRolePrivileges } from './role.service';

/** Roles, their privilege maps and the resources they grant on, from the route table. */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, routes.list, (ctx) => listRoles(ctx));
  serve(app, routes.update, (ctx, { params, body }) =>
    updateRolePrivileges(ctx, params.id, body.privileges),
  );
  serve(app, routes.modules, (ctx) => listModules(ctx));
};
