import type { FastifyRequest } from 'fastify';

const SECRET_QUERY = /^(token|refresh_?token|code|pin|password)$/i;

/**
 * A URL fit for the log: secrets in the query and the reset code in /forgot-password/{code} are
 * masked, so request logs never carry a password, PIN, token or reset code.
 */
export function safeUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path.replace(/(\/forgot-password\/)[^/]+/i, '$1••••');
  if (!query) return safePath;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (SECRET_QUERY.test(key)) params.set(key, '••••');
  return `${safePath}?${params.toString()}`;
}

export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: safeUrl(request.url),
      remoteAddress: request.ip,
      userAgent: request.headers['user-agent'],
    };
  },
};

/** Bodies are never logged; these paths keep headers that carry secrets out of the log too. */
export const logRedact = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
];
