import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import { NotFound } from '@clinica/domain';
import type { Executor, Tx } from '../db/client';
import { audit, changesBetween, softDeleteChanges, type AuditRecord } from './audit';
import { actorOf, type Context } from './context';
import { notFound, whenViolated, type AppError } from './errors';
import type { Session } from './session';

/**
 * The write path every resource goes through. A change reads the record it changes inside its
 * transaction, under a row lock and with the resource's 404 (deleted, missing or of another
 * branch), writes the audit entry from that "before" and the "after" in the same transaction, and
 * links to other records only while holding a share lock on them, so a concurrent delete cannot
 * slip between the check and the write.
 */

/** A table the write path can change: an integer id and a soft-delete column. */
export type OwnedTable = PgTable & { id: PgColumn; deletedAt: PgColumn };

/** A resource, declared once: its table, audit module, 404 code and (if any) branch column. */
export interface ResourceDef<T extends OwnedTable = OwnedTable> {
  table: T;
  /** The audit log's module key (`cabain`, `category`). */
  module: string;
  /** The 404 sub-code of CONTRACT §6. */
  notFound: number;
  /**
   * The column holding the branch a record belongs to. Declared, the branch scope applies to the
   * resource's list, detail, update and delete without being asked: a role fixed to its branch
   * sees only its records, and another branch's answer 404 as if they did not exist.
   */
  branch?: PgColumn;
  /**
   * For a resource whose branch is held by another table (a staff member's, in their employee
   * file): the condition that a record of `table` belongs to the branch. Declared instead of
   * `branch`, it scopes the detail, update and delete the same way.
   */
  inBranch?: (branchId: number) => SQL;
}

export const resource = <T extends OwnedTable>(def: ResourceDef<T>) => def;

/** The branch a role fixed to one is limited to; null for roles that see every branch. */
export const fixedBranch = (session: Session): number | null =>
  session.branchFixed ? session.branchId : null;

/** The condition that limits a query to the caller's branch, for a resource that has one. */
export function inScope(session: Session, branchColumn: PgColumn | undefined): SQL | undefined {
  const fixed = fixedBranch(session);
  return fixed === null || !branchColumn ? undefined : eq(branchColumn, fixed);
}

/** The condition that limits a resource's records to the caller's branch, when it has one. */
function resourceScope(session: Session, def: ResourceDef): SQL | undefined {
  const fixed = fixedBranch(session);
  if (fixed === null) return undefined;
  return def.inBranch ? def.inBranch(fixed) : inScope(session, def.branch);
}

/** A live record of the resource with this id that the caller may reach. */
export function live(ctx: Pick<Context, 'session'>, def: ResourceDef, id: number): SQL {
  return and(eq(def.table.id, id), isNull(def.table.deletedAt), resourceScope(ctx.session, def))!;
}

/** The row a read found, or the resource's 404. */
export function found<T>(def: Pick<ResourceDef, 'notFound'>, row: T | undefined): T {
  if (row === undefined) throw notFound(def.notFound);
  return row;
}

/**
 * Locks a live record for a change (`FOR UPDATE`) and answers its branch. A concurrent change
 * waits here; a concurrent delete that committed first makes it a 404.
 */
export async function lockLive(
  tx: Executor,
  ctx: Pick<Context, 'session'>,
  def: ResourceDef,
  id: number,
): Promise<{ id: number; branchId: number | null }> {
  const [row] = await tx
    .select({ id: def.table.id, ...(def.branch ? { branchId: def.branch } : {}) })
    .from(def.table)
    .where(live(ctx, def, id))
    .for('update');
  const locked = found(def, row) as { id: number; branchId?: number | null };
  return { id: locked.id, branchId: locked.branchId ?? null };
}

/**
 * Links a change to live records of another resource, holding `FOR KEY SHARE` on them until the
 * transaction ends: their delete (which locks `FOR UPDATE`) waits, then sees the link. Answers
 * `missing` when any of them is deleted, absent, or of a branch the caller cannot reach.
 */
export async function lockReferences(
  tx: Tx,
  ctx: Pick<Context, 'session'>,
  def: ResourceDef,
  ids: readonly number[],
  missing: AppError,
): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const rows = await tx
    .select({ id: def.table.id })
    .from(def.table)
    .where(
      and(
        inArray(def.table.id, wanted),
        isNull(def.table.deletedAt),
        resourceScope(ctx.session, def),
      ),
    )
    .for('key share');
  if (rows.length !== wanted.length) throw missing;
}

/**
 * The branch a new record goes to. A role fixed to its branch writes to its own; naming another
 * is refused as that branch not existing for it (404), never silently replaced.
 */
export function branchForWrite(
  ctx: Pick<Context, 'session'>,
  requested: number | null | undefined,
) {
  const fixed = fixedBranch(ctx.session);
  if (fixed === null) return requested ?? ctx.session.branchId;
  if (requested !== undefined && requested !== null && requested !== fixed) {
    throw notFound(NotFound.branch);
  }
  return fixed;
}

/** The fields a partial update sent: absent ones keep their stored values (CONTRACT §2). */
export function sentOnly<T extends Record<string, unknown>>(body: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** Reads a record as the API answers it, inside the transaction that changed it. */
export type ReadRecord<R> = (tx: Executor, id: number) => Promise<R>;

interface WriteOptions {
  /** Named constraints → the catalogue error a violation of each answers. */
  violations?: Record<string, AppError>;
}

/** What else the audit entry names of the record (a max/min's product, for the log's filter). */
type AuditAlso<R> = (record: R) => Pick<AuditRecord, 'productId' | 'stockId'>;

/**
 * Creates a record: `insert` writes it (and its links, under `lockReferences`) and answers its id;
 * the record is read back and audited with it, in one transaction.
 */
export async function createRecord<R extends Record<string, unknown>>(
  ctx: Context,
  def: ResourceDef,
  options: WriteOptions & {
    insert: (tx: Tx, now: Date) => Promise<number>;
    read: ReadRecord<R>;
    /** The branch the record belongs to, for the audit entry (the caller's by default). */
    branchId?: number;
    auditAlso?: AuditAlso<R>;
  },
): Promise<R> {
  const now = ctx.clock.now();
  return whenViolated(
    () =>
      ctx.db.transaction(async (tx) => {
        const id = await options.insert(tx, now);
        const after = await options.read(tx, id);
        await audit(
          tx,
          actorOf(ctx, options.branchId),
          {
            module: def.module,
            action: 'create',
            recordId: id,
            changes: changesBetween(null, after),
            ...options.auditAlso?.(after),
          },
          now,
        );
        return after;
      }),
    options.violations ?? {},
  );
}

/**
 * Updates a record: locks it (404 if it is gone or out of reach), reads its "before", lets `apply`
 * write the change, reads the "after" and audits what changed. A save that changes nothing writes
 * no audit entry.
 */
export async function updateRecord<R extends Record<string, unknown>>(
  ctx: Context,
  def: ResourceDef,
  id: number,
  options: WriteOptions & {
    read: ReadRecord<R>;
    apply: (tx: Tx, before: R, now: Date) => Promise<void>;
    /** The action the audit names (`update`, `approve`, `reject`). */
    action?: string;
    auditAlso?: AuditAlso<R>;
  },
): Promise<R> {
  const now = ctx.clock.now();
  return whenViolated(
    () =>
      ctx.db.transaction(async (tx) => {
        const locked = await lockLive(tx, ctx, def, id);
        const before = await options.read(tx, id);
        await options.apply(tx, before, now);
        const after = await options.read(tx, id);
        const changes = changesBetween(before, after);
        if (Object.keys(changes).length > 0) {
          await audit(
            tx,
            actorOf(ctx, locked.branchId ?? ctx.session.branchId),
            {
              module: def.module,
              action: options.action ?? 'update',
              recordId: id,
              changes,
              ...options.auditAlso?.(after),
            },
            now,
          );
        }
        return after;
      }),
    options.violations ?? {},
  );
}

/** Marks a row of the resource updated now, with the given columns changed. */
export async function setColumns(
  tx: Tx,
  def: ResourceDef,
  id: number,
  values: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await tx
    .update(def.table)
    .set({ ...sentOnly(values), updatedAt: now } as never)
    .where(eq(def.table.id, id));
}

/**
 * Soft-deletes a record: locks it (so of 20 concurrent deletes one succeeds and the rest are
 * 404), lets `guard` refuse it while it is in use (reading the users of it after the lock), and
 * writes one audit entry.
 */
export async function deleteRecord(
  ctx: Context,
  def: ResourceDef,
  id: number,
  guard?: (tx: Tx) => Promise<void>,
  /** What the delete sets going in its transaction, once the row is gone. */
  afterwards?: (tx: Tx) => Promise<void>,
): Promise<{ id: number }> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const locked = await lockLive(tx, ctx, def, id);
    await guard?.(tx);
    await tx
      .update(def.table)
      .set({ deletedAt: now, updatedAt: now } as never)
      .where(eq(def.table.id, id));
    await afterwards?.(tx);
    await audit(
      tx,
      actorOf(ctx, locked.branchId ?? ctx.session.branchId),
      { module: def.module, action: 'delete', recordId: id, changes: softDeleteChanges(now) },
      now,
    );
  });
  return { id };
}

/**
 * The detail, create and update of a resource that lives in one table and answers its own
 * columns (a category, a provider): the write path's steps with nothing of the resource's own.
 * A resource with relations or rules writes its own functions from the pieces above.
 */
export function oneTable<R extends Record<string, unknown>, Row = R>(
  def: ResourceDef,
  columns: SelectedFields,
  options: {
    /** A unique or check constraint's name → the error its violation answers. */
    violations?: Record<string, AppError>;
    /** Shapes a row of `columns` as the answer (dates as text, enums typed). */
    present?: (row: Row) => R;
  } = {},
) {
  const { violations = {} } = options;
  const present = options.present ?? ((row: Row) => row as unknown as R);
  const select = async (executor: Executor, where: SQL) =>
    ((await executor.select(columns).from(def.table).where(where)) as unknown as Row[]).map(
      present,
    );
  const read = async (executor: Executor, id: number) =>
    (await select(executor, eq(def.table.id, id)))[0]!;
  return {
    read,
    get: async (ctx: Context, id: number): Promise<R> =>
      found(def, (await select(ctx.db, live(ctx, def, id)))[0]),
    create: (ctx: Context, body: Record<string, unknown>): Promise<R> =>
      createRecord(ctx, def, {
        violations,
        read,
        insert: async (tx, now) => {
          const values = { ...body, createdAt: now, updatedAt: now };
          const [row] = await tx
            .insert(def.table)
            .values(values as never)
            .returning({ id: def.table.id });
          return (row as { id: number }).id;
        },
      }),
    update: (ctx: Context, id: number, body: Record<string, unknown>): Promise<R> =>
      updateRecord(ctx, def, id, {
        violations,
        read,
        apply: (tx, _before, now) => setColumns(tx, def, id, body, now),
      }),
  };
}
