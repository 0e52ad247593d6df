import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { LOCKOUT_FAILURES, LOCKOUT_MINUTES, ROLES, type RoleKey } from '@clinica/domain';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { branch, kardex, role, signInFailure, signInLock, user } from '../../db/schema';
import { audit } from '../../platform/audit';
import { minutes } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { verifySecret } from '../../platform/passwords';

/** A staff member as sign-in needs them. */
export interface Account {
  id: number;
  username: string;
  name: string;
  lastName: string;
  motherLastName: string;
  passwordHash: string;
  pinHash: string | null;
  active: boolean;
  roleKey: RoleKey;
  roleName: string;
  privileges: Record<string, string[]>;
  homeBranchId: number | null;
  photo: string | null;
}

const accountColumns = {
  id: user.id,
  username: user.username,
  name: user.name,
  lastName: user.lastName,
  motherLastName: user.motherLastName,
  passwordHash: user.passwordHash,
  pinHash: user.pinHash,
  status: user.status,
  roleKey: role.key,
  roleName: role.role,
  privileges: role.privileges,
  homeBranchId: kardex.branchId,
  photo: kardex.photo,
};

async function findAccount(
  app: FastifyInstance,
  where: ReturnType<typeof eq>,
): Promise<Account | null> {
  const [row] = await app.db
    .select(accountColumns)
    .from(user)
    .innerJoin(role, eq(role.id, user.roleId))
    .leftJoin(kardex, eq(kardex.userId, user.id))
    .where(and(where, isNull(user.deletedAt)));
  if (!row) return null;
  const { status, ...rest } = row;
  return { ...rest, roleKey: rest.roleKey as RoleKey, active: status === 'activo' };
}

export const accountByUsername = (app: FastifyInstance, username: string) =>
  findAccount(app, eq(user.username, username.toLowerCase()));
export const accountById = (app: FastifyInstance, id: number) => findAccount(app, eq(user.id, id));

export const fullName = (account: Pick<Account, 'name' | 'lastName' | 'motherLastName'>) =>
  [account.name, account.lastName, account.motherLastName].join(' ');

/** An active branch by id, or null. */
export async function activeBranch(app: FastifyInstance, id: number) {
  const [row] = await app.db
    .select({ id: branch.id, name: branch.name, code: branch.code, zone: branch.zone })
    .from(branch)
    .where(and(eq(branch.id, id), isNull(branch.deletedAt), eq(branch.active, true)));
  return row ?? null;
}

/** Whether this account may work at this branch: its own, or any for the super administrator. */
export function worksAt(account: Account, branchId: number): boolean {
  return ROLES[account.roleKey]?.signsInAnywhere === true || account.homeBranchId === branchId;
}

/** 429 while the username is locked out (state in the database, shared by every process). */
export async function assertNotLocked(
  app: FastifyInstance,
  username: string,
  branchId: number | null,
) {
  const now = app.clock.now();
  const [lock] = await app.db
    .select()
    .from(signInLock)
    .where(and(eq(signInLock.username, username), gt(signInLock.lockedUntil, now)));
  if (lock) {
    await audit(
      app.db,
      { userId: null, branchId },
      { module: 'auth', action: 'locked_attempt', detail: username },
      now,
    );
    throw new AppError(429, 0);
  }
}

const windowStart = (now: Date) => new Date(now.getTime() - minutes(LOCKOUT_MINUTES));

/** Serializes the attempts of one username for the rest of the transaction (any engine). */
const lockUsername = (tx: Executor, username: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sign-in:${username}`}, 0))`);

async function recentFailures(tx: Executor, username: string, now: Date): Promise<number> {
  const [recent] = await tx
    .select({ failures: count() })
    .from(signInFailure)
    .where(
      and(eq(signInFailure.username, username), gt(signInFailure.createdAt, windowStart(now))),
    );
  return recent?.failures ?? 0;
}

/**
 * Takes one of the username's five attempts before its password is checked, counting it as a
 * failure until the check says otherwise. Counting after the check would let a burst of requests
 * all read "not locked" and each get a verification; here the count and the claim are one step
 * under a per-username lock, so a burst gets five verifications and the rest answer 429.
 */
async function claimAttempt(app: FastifyInstance, username: string, branchId: number | null) {
  const now = app.clock.now();
  const claimed = await app.db.transaction(async (tx) => {
    await lockUsername(tx, username);
    const [lock] = await tx
      .select()
      .from(signInLock)
      .where(and(eq(signInLock.username, username), gt(signInLock.lockedUntil, now)));
    if (lock || (await recentFailures(tx, username, now)) >= LOCKOUT_FAILURES) return false;
    await tx.insert(signInFailure).values({ username, createdAt: now });
    return true;
  });
  if (!claimed) {
    await audit(
      app.db,
      { userId: null, branchId },
      { module: 'auth', action: 'locked_attempt', detail: username },
      now,
    );
    throw new AppError(429, 0);
  }
}

/**
 * Checks a password with the lockout of CONTRACT §4: the attempt is claimed first (429 when the
 * username is locked or has used its five), a wrong password keeps it as a failure, and the fifth
 * within 15 minutes locks the username for 15 minutes. Unknown users spend the same time as known
 * ones.
 */
export async function checkPassword(
  app: FastifyInstance,
  account: Account | null,
  username: string,
  password: string,
  context: { branchId: number | null; action: string },
): Promise<boolean> {
  await claimAttempt(app, username, context.branchId);
  const matches = await verifySecret(account?.passwordHash, password);
  if (matches && account?.active) {
    await app.db.delete(signInFailure).where(eq(signInFailure.username, username));
    return true;
  }
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    await lockUsername(tx, username);
    const actor = { userId: account?.id ?? null, branchId: context.branchId };
    await audit(tx, actor, { module: 'auth', action: context.action, detail: username }, now);
    if ((await recentFailures(tx, username, now)) >= LOCKOUT_FAILURES) {
      const lockedUntil = new Date(now.getTime() + minutes(LOCKOUT_MINUTES));
      await tx
        .insert(signInLock)
        .values({ username, lockedUntil })
        .onConflictDoUpdate({ target: signInLock.username, set: { lockedUntil } });
      await tx.delete(signInFailure).where(eq(signInFailure.username, username));
      await audit(tx, actor, { module: 'auth', action: 'locked', detail: username }, now);
    }
  });
  return false;
}

/** Clears the failures and any lock of a username (after a password reset). */
export async function clearLockout(app: FastifyInstance, username: string) {
  await app.db.delete(signInFailure).where(eq(signInFailure.username, username));
  await app.db.delete(signInLock).where(eq(signInLock.username, username));
}
