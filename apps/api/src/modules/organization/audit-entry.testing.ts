import type { FastifyInstance } from 'fastify';
import type { AuditEntry } from '@clinica/domain';
import { call } from '../../test/harness';

/**
 * The newest audit entry of one record's action, read through `GET /v1/log` as the history screen
 * reads it (the test clock stands still, so entries share their instant and the id orders them).
 */
export async function auditEntryOf(
  app: FastifyInstance,
  token: string,
  entry: { module: string; action: string; recordId: number },
): Promise<AuditEntry | undefined> {
  const log = await call<{ items: AuditEntry[] }>(app, 'GET', '/v1/log', {
    token,
    query: { module: entry.module, action: entry.action, take: '100' },
  });
  return log.body.data.items
    .filter((item) => item.recordId === entry.recordId)
    .sort((a, b) => b.id - a.id)[0];
}
