import { eq, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Session } from './session';
import { notFound } from './errors';

/**
 * Branch scoping, the one helper every query of a branch-owned resource goes through
 * (CONTRACT §5): roles fixed to their branch see only it; a record of another branch is 404.
 */
export function scopedBranch(session: Session): number | null {
  return session.branchFixed ? session.branchId : null;
}

/** The condition that limits a list to the caller's branch, if the role is fixed to one. */
export function inScope(session: Session, branchColumn: SQLWrapper): SQL | undefined {
  const fixed = scopedBranch(session);
  return fixed === null ? undefined : eq(branchColumn as never, fixed);
}

/** Throws the resource's 404 when a record of another branch is asked for by a fixed role. */
export function assertInScope(
  session: Session,
  recordBranchId: number | null,
  notFoundCode: number,
): void {
  const fixed = scopedBranch(session);
  if (fixed !== null && recordBranchId !== fixed) throw notFound(notFoundCode);
}

/** The branch a write goes to: a fixed role always writes to its own, whatever it sent. */
export function branchForWrite(session: Session, requested: number | undefined | null): number {
  const fixed = scopedBranch(session);
  return fixed ?? requested ?? session.branchId;
}
