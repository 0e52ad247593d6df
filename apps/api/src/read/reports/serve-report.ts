import type { FastifyInstance } from 'fastify';
import type { RouteDef } from '@clinica/domain';
import { serve, type Handler } from '../../platform/routes';

/**
 * Registers a report: `serve` with the context's `db` swapped for `app.reportDb`, the read replica
 * when DATABASE_READ_URL names one (PostgreSQL), else the main database. The guard, the session
 * checks and every write stay on the primary; a report may read a moment behind it.
 */
export function serveReport<D extends RouteDef>(
  app: FastifyInstance,
  route: D,
  handler: Handler<D>,
): void {
  serve(app, route, (ctx, input) => handler({ ...ctx, db: app.reportDb }, input));
}
