import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auditLog } from '../db/schema';
import { call } from './harness';

/**
 * The write path's races, as an outside probe fires them: concurrent requests on PostgreSQL
 * (PGlite runs one query at a time, so these only mean something on the server).
 */
export const onPostgres = !!process.env.DATABASE_URL;

/** The audit entries of one record, oldest first. */
export function auditTrail(app: FastifyInstance, module: string, recordId: number) {
  return app.db
    .select({ id: auditLog.id, action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.module, module), eq(auditLog.recordId, recordId)))
    .orderBy(asc(auditLog.id));
}

/**
 * Fires `count` deletes of one record at once: exactly one 200 and one audit entry, the rest 404
 * with the resource's code.
 */
export async function expectOneOfConcurrentDeletes(
  app: FastifyInstance,
  token: string,
  target: { path: string; id: number; module: string; notFound: number },
  count = 20,
): Promise<void> {
  const answers = await Promise.all(
    Array.from({ length: count }, () =>
      call(app, 'DELETE', `/v1/${target.path}/${target.id}/delete`, { token }),
    ),
  );
  expect(answers.map((answer) => answer.status).sort()).toEqual([
    200,
    ...Array<number>(count - 1).fill(404),
  ]);
  expect(
    answers.filter((a) => a.status === 404).every((a) => a.body.code === target.notFound),
  ).toBe(true);
  const deletes = (await auditTrail(app, target.module, target.id)).filter(
    (entry) => entry.action === 'delete',
  );
  expect(deletes).toHaveLength(1);
}

/**
 * Fires updates of one record together with its delete: each update lands before the delete
 * (200) or finds the record gone (404); none is written to the deleted row, so no update entry
 * follows the delete's in the audit log.
 */
export async function expectNoUpdateAfterDelete(
  app: FastifyInstance,
  token: string,
  target: { path: string; id: number; module: string; notFound: number },
  body: Record<string, unknown>,
  updates = 10,
): Promise<void> {
  const calls = [
    ...Array.from({ length: updates }, () =>
      call(app, 'PUT', `/v1/${target.path}/${target.id}/update`, { token, body }),
    ),
    call(app, 'DELETE', `/v1/${target.path}/${target.id}/delete`, { token }),
  ];
  const answers = await Promise.all(calls);
  for (const answer of answers.slice(0, updates)) {
    expect([200, 404]).toContain(answer.status);
  }
  expect(answers.at(-1)!.status).toBe(200);
  const trail = await auditTrail(app, target.module, target.id);
  const deletedAt = trail.findIndex((entry) => entry.action === 'delete');
  expect(deletedAt).toBeGreaterThanOrEqual(0);
  expect(trail.slice(deletedAt + 1)).toEqual([]);
  const okUpdates = answers.slice(0, updates).filter((answer) => answer.status === 200).length;
  // A save that changes nothing writes no entry, so there are at most as many as the 200s.
  expect(trail.filter((entry) => entry.action === 'update').length).toBeLessThanOrEqual(okUpdates);
}
