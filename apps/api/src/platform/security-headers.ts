import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** Helmet's options for every answer: the web app's content policy, no framing. */
export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Ant Design writes its styles at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // The app is also served over plain HTTP inside a clinic's network.
      upgradeInsecureRequests: null,
    },
  },
  frameguard: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sends with `options`, read once from an answer of a throwaway server that
 * registers it: the same plugin and options, so the same headers.
 */
export async function helmetHeaders(
  options: FastifyHelmetOptions = HELMET_OPTIONS,
): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  const bare = Fastify({ logger: false });
  for (const server of [probe, bare]) server.get('/', async () => 'ok');
  const [withHelmet, without] = await Promise.all(
    [probe, bare].map((server) => server.inject({ method: 'GET', url: '/' })),
  );
  await Promise.all([probe.close(), bare.close()]);
  return Object.entries(withHelmet!.headers)
    .filter(([name]) => without!.headers[name] === undefined)
    .map(([name, value]) => [name, String(value)]);
}

/**
 * Helmet's headers on every answer, computed once (issue 24). `@fastify/helmet` builds helmet's
 * middleware again on each request (parsing the content policy's directives, two hooks, one of
 * them async): about a twentieth of a cheap list's Node time in a CPU profile. Set on the raw
 * answer in the first hook, as the plugin does, so errors and files carry them too.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
