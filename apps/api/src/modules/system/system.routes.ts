import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, health, messageFor, systemRoutes as routes } from '@clinica/domain';
import { routeOptions, servePublic } from '../../platform/routes';

/** Health and the web client's public configuration, from the route table. */
export const systemRoutes: FastifyPluginAsyncZod = async (zodApp) => {
  const app = zodApp as unknown as FastifyInstance;
  const options = routeOptions(routes.health) as Omit<RouteOptions, 'handler'> & {
    schema: FastifySchema & { response: Record<number, unknown> };
  };
  // Health answers 503 with the same body when the database does not respond.
  app.route({
    ...options,
    schema: { ...options.schema, response: { ...options.schema.response, 503: envelope(health) } },
    handler: async (_request: FastifyRequest, reply: FastifyReply) => {
      const started = performance.now();
      const databaseOk = await app.pingDatabase();
      const status = databaseOk ? 200 : 503;
      return reply.status(status).send({
        statusCode: status,
        code: 0,
        message: messageFor(status),
        data: {
          status: databaseOk ? 'ok' : 'degraded',
          database: {
            engine: app.engine,
            ok: databaseOk,
            latencyMs: Math.round((performance.now() - started) * 100) / 100,
          },
          version: '1.0.0',
        },
      });
    },
  });

  servePublic(app, routes.config, async () => ({ posUrl: app.config.posUrl }));
};
