import type { FastifyInstance } from 'fastify';
import type { RouteDef } from '@clinica/domain';
import { serve, serveJson, type Handler } from '../../platform/routes';

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

/** `serveJson` (the database writes the answer's JSON) with the report's database, as above. */
export function serveReportJson<D extends RouteDef>(
  app: FastifyInstance,
  route: D,
  handler: Parameters<typeof serveJson<D>>[2],
): void {
  serveJson(app, route, (ctx, input) => handler({ ...ctx, db: app.reportDb }, input));
}
