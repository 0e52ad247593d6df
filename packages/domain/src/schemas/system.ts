import { z } from 'zod';

/** The service's health and the web client's public configuration (routes/system.ts). */

/** GET /config: what the web client needs before signing in. */
export const publicConfig = z.object({ posUrl: z.string().nullable() });

export const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    engine: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
    latencyMs: z.number(),
  }),
  version: z.string(),
});
