import type { Executor } from '../db/client';
import { auditLog, type AuditChanges } from '../db/schema';

export interface AuditActor {
  userId: number | null;
  branchId: number | null;
}

export interface AuditRecord {
  module: string;
  action: string;
  recordId?: number | null;
  changes?: AuditChanges | null;
  detail?: string | null;
  /** What a stock flow moved (spec 001 "history entry"): the lot, its product, and the branches. */
  stockId?: number | null;
  productId?: number | null;
  originBranchId?: number | null;
  destinationBranchId?: number | null;
  /** The order's number as printed, e.g. 'OC-000123' (the spec's `order`). */
  order?: string | null;
}

/**
 * Writes an audit entry; pass the transaction of the change so both commit or neither does.
 * Answers the entry's id (a stock adjustment's movements name it as their document).
 */
export async function audit(
  executor: Executor,
  actor: AuditActor,
  record: AuditRecord,
  at?: Date,
): Promise<number> {
  const [entry] = await executor
    .insert(auditLog)
    .values({
      module: record.module,
      action: record.action,
      recordId: record.recordId ?? null,
      changes: record.changes ?? null,
      detail: record.detail ?? null,
      stockId: record.stockId ?? null,
      productId: record.productId ?? null,
      originBranchId: record.originBranchId ?? null,
      destinationBranchId: record.destinationBranchId ?? null,
      orderNumber: record.order ?? null,
      userId: actor.userId,
      branchId: actor.branchId,
      ...(at ? { createdAt: at } : {}),
    })
    .returning({ id: auditLog.id });
  return entry!.id;
}

const SECRET_FIELDS = /password|pin|token|secret|hash/i;

/**
 * Field → { before, after } for the fields that changed. Secrets are never copied into the log:
 * a changed password shows as changed, without its value.
 */
export function changesBetween(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChanges {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (key === 'updatedAt' || key === 'createdAt') continue;
    const previous = before?.[key] ?? null;
    const next = after?.[key] ?? null;
    if (JSON.stringify(previous) === JSON.stringify(next)) continue;
    changes[key] = SECRET_FIELDS.test(key)
      ? { before: previous === null ? null : '••••', after: next === null ? null : '••••' }
      : { before: previous, after: next };
  }
  return changes;
}

/** The `changes` of a soft delete (CONTRACT §5: field → { before, after }): only `deletedAt` moves. */
export function softDeleteChanges(at: Date): AuditChanges {
  return { deletedAt: { before: null, after: at.toISOString() } };
}
