import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openReadReplica, type Database, type Db } from './db/client';
import { createBackground, type Background } from './platform/background';
import { systemClock, type Clock } from './platform/clock';
import { registerBodyShapeCheck, registerErrorHandler } from './platform/error-handler';
import { logRedact, logSerializers } from './platform/logging';
import { catalogueTable, documentErrors, finishDocument } from './platform/openapi';
import { createMailer, type Mailer } from './platform/mail';
import { serializerCompiler } from './platform/serializer';
import { registerSecurityHeaders } from './platform/security-headers';
import { registerAccessCheck, registerGuard } from './platform/session';
import { loadSigningKey } from './platform/tokens';
import { registerModules } from './modules';
import { ensureListIndexes } from './platform/list-indexes';
import { createIndexPages } from './platform/web-preload';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /**
     * Where the reports read: the read replica of DATABASE_READ_URL on PostgreSQL, else `db`.
     * Only for reads that may lag the primary a moment; never for a write or a session check.
     */
    reportDb: Db;
    engine: Database['engine'];
    /** Whether the database answers, for health (Database['ping']). */
    pingDatabase: Database['ping'];
    clock: Clock;
    mailer: Mailer;
    background: Background;
    signingKey: Uint8Array;
    config: Config;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Pino logging; tests turn it off, or read it from a stream of their own. */
  logger?: boolean | { stream: NodeJS.WritableStream };
}

const API_DESCRIPTION = `API del back office de la cadena de clínicas. Todas las respuestas usan el sobre
\`{ statusCode, code, message, data }\`; los errores de validación traen \`details: [{ field, message }]\`.
Las listas aceptan page, take (máximo 100), order (ASC|DESC), field, search (JSON \`{"field","value"}\`,
sin distinguir mayúsculas ni acentos), status (1|0) y withDeleted. Autenticación: \`Authorization: Bearer {token}\`
obtenido en /v1/auth/sign-in.

Cada operación documenta las respuestas de error que puede dar, todas con el mismo sobre. El campo
\`code\` distingue los casos de un mismo estado; el catálogo completo de errores:

${catalogueTable()}`;

/** Builds the server: plugins, the error handler, the guard and every module. It does not listen. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: logSerializers,
            redact: logRedact,
            ...(typeof options.logger === 'object' ? { stream: options.logger.stream } : {}),
          },
    bodyLimit: 1_048_576,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('db', database.db);
  const replica =
    config.databaseReadUrl && database.engine === 'postgres'
      ? openReadReplica({ databaseUrl: config.databaseReadUrl, poolSize: config.databasePoolSize })
      : null;
  app.decorate('reportDb', replica?.db ?? database.db);
  app.decorate('engine', database.engine);
  app.decorate('pingDatabase', () => database.ping());
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate('config', config);
  app.decorate(
    'signingKey',
    await loadSigningKey(database, config.jwtSecret, (message) => app.log.warn(message)),
  );
  app.decorate(
    'mailer',
    createMailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
  );
  app.decorate('background', createBackground(app.log));

  registerAccessCheck(app);
  await registerSecurityHeaders(app);
  await app.register(cors, { origin: config.corsOrigins.length > 0 ? config.corsOrigins : false });
  // Answers of 1 KB or more travel compressed when the client accepts it (brotli first, at the
  // plugin's quality 4: a busy agenda day of 590 KB crosses as a tenth). JSON and text only:
  // the web app's files already carry their build-time copies (their Content-Encoding set, so
  // the plugin leaves them), and downloads (xlsx, PDF, images) are compressed formats. Request
  // bodies are not decompressed: a client sends plain JSON, under the 1 MB body limit.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^(?:application\/json|text\/(?!event-stream))/,
    globalDecompression: false,
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/v1/') && !request.url.startsWith('/v1/docs/static')) {
      reply.header('Cache-Control', 'no-store');
    }
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Clínica — API del back office',
        version: '1.0.0',
        description: API_DESCRIPTION,
        contact: { name: 'Clínicas Bellezza' },
      },
      // The document's paths already begin with /v1: its server is the one that serves it.
      servers: [{ url: '/', description: 'Este mismo servidor (las rutas ya incluyen /v1)' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: documentErrors,
    transformObject: finishDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/v1/docs', staticCSP: true });

  registerErrorHandler(app);
  registerBodyShapeCheck(app);
  registerGuard(app, database.writes);
  await app.register(registerModules, { prefix: '/v1' });
  await ensureListIndexes(database.db);
  registerWebApp(app, config.webDist);

  database.onConnectionLost((error) =>
    app.log.error({ err: error }, 'conexión a la base de datos perdida; el pool la reemplaza'),
  );
  replica?.onConnectionLost((error) =>
    app.log.error({ err: error }, 'conexión a la réplica perdida; el pool la reemplaza'),
  );
  app.addHook('onClose', async () => {
    // Work started by answered requests (a reset code's mail) finishes before the database goes.
    await app.background.settled();
    await replica?.close();
    await database.close();
  });
  return app;
}

/** Files the build compresses beside the original (`name.br`, `name.gz`), never served by name. */
const COMPRESSED_COPY = /\.(br|gz)$/;
/**
 * The customers' public pages (CONTRACT §15: `/reservar`, `/cita/{token}`), a page of their own
 * in the build (`publico.html`, apps/web/src/booking): no session, no dashboard code.
 */
const PUBLIC_PAGES = /^\/(reservar|cita\/[^/]+|oferta\/[^/]+)\/?$/;
const PUBLIC_PAGE_FILE = 'publico.html';

/**
 * Serves the built web app at `/`, with the SPA's index.html for its client-side routes. The build
 * writes a brotli and a gzip copy beside each text file (apps/web/vite.config.ts): the one the
 * browser accepts is sent as it is, with its Content-Encoding, so nothing is compressed per
 * request. Hashed files under /assets never change, so a browser keeps them for a year; the rest
 * (index.html, the favicon) is checked again on each use.
 */
function registerWebApp(app: FastifyInstance, webDist: string): void {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) return;
  const indexPage = createIndexPages(webDist);
  void app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Only the catch-all below answers: it sends the original's name, and the plugin picks the copy.
    serve: false,
    setHeaders(reply, path) {
      reply.header(
        'Cache-Control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // The build's compressed copies serve the web app: nothing is compressed per request here.
  app.get('/*', { schema: { hide: true }, compress: false }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/v1/') || url === '/v1') {
      return reply.callNotFound();
    }
    const asset = join(webDist, url);
    if (
      url !== '/' &&
      asset.startsWith(webDist) &&
      !COMPRESSED_COPY.test(url) &&
      existsSync(asset) &&
      !url.endsWith('/')
    ) {
      return reply.sendFile(url.slice(1));
    }
    reply.header('Cache-Control', 'no-cache');
    if (PUBLIC_PAGES.test(url) && existsSync(join(webDist, PUBLIC_PAGE_FILE))) {
      return reply.sendFile(PUBLIC_PAGE_FILE);
    }
    // A dashboard screen's index.html names the files its first paint needs (web-preload.ts).
    const page = indexPage(url);
    if (page !== null) return reply.type('text/html; charset=utf-8').send(page);
    return reply.sendFile('index.html');
  });
}
