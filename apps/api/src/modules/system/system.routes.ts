import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, health, messageFor, publicConfig } from '@clinica/domain';
import { pingDatabase } from '../../db/client';
import { ok } from '../../platform/envelope';

const tags = ['Sistema'];

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', {
    config: { public: true },
    schema: {
      tags,
      summary: 'Estado del servicio y de la base de datos (503 si la base no responde)',
      response: { 200: envelope(health), 503: envelope(health) },
    },
    handler: async (_request, reply) => {
      const started = performance.now();
      const databaseOk = await pingDatabase(app.db);
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

  app.get('/config', {
    config: { public: true },
    schema: {
      tags,
      summary: 'Configuración pública del cliente web (enlace al punto de venta)',
      response: { 200: envelope(publicConfig) },
    },
    handler: async () => ok({ posUrl: app.config.posUrl }),
  });
};
