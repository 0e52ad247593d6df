import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_TIME_ZONE,
  NotFound,
  futureDateErrors,
  localDay,
  type CreateStaff,
  type StaffRecord,
  type UpdateStaff,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { kardex, refreshToken, role, user } from '../../db/schema';
import { audit, changesBetween } from '../../platform/audit';
import { actorOf, type Context } from '../../platform/context';
import { invalid, whenViolated } from '../../platform/errors';
import { hashSecret, randomSecret } from '../../platform/passwords';
import {
  branchForWrite,
  deleteRecord,
  found,
  live,
  lockLive,
  resource,
} from '../../platform/write';
import { auditView, readStaffRecord, writeKardexParts } from './kardex';
import { assertIsr, assertManages, assertUnique, references, uniqueIndexes } from './staff-rules';

/**
 * Staff and their employee file (spec 000 §2–§5, issue 4). Every change locks the staff member's
 * row inside its transaction, reads the "before" there, and writes its audit entry with it.
 * Branch-fixed roles see and change only the staff of their branch, and roles that reach beyond
 * one branch (Super Administrador, Logística Gerente) are granted and managed only by the super
 * administrator, so a branch manager cannot mint a wider account.
 */

/**
 * A staff member is the `user` row; their branch is their file's (`kardex.branch_id`), so the
 * scope is declared as the condition that the file is at the branch.
 */
export const staff = resource({
  table: user,
  module: 'users',
  notFound: NotFound.user,
  inBranch: (branchId) =>
    sql`EXISTS (SELECT 1 FROM ${kardex} WHERE ${kardex.userId} = ${user.id} AND ${kardex.branchId} = ${branchId})`,
});

/** Today in the clinics' zone: what "no future dates" is measured against. */
function today(ctx: Pick<Context, 'clock'>): string {
  return localDay(ctx.clock.now(), DEFAULT_TIME_ZONE);
}

const withoutRoleKey = ({ roleKey: _roleKey, ...record }: StaffRecord & { roleKey: string }) =>
  record;

/** A staff member the caller may see: absent, deleted or of another branch is 404 code 4. */
export async function getStaffMember(ctx: Context, id: number): Promise<StaffRecord> {
  return withoutRoleKey(found(staff, await readStaffRecord(ctx.db, id, live(ctx, staff, id))));
}

/**
 * Locks a staff member the caller may reach (404 code 4 otherwise) and reads them, with their
 * whole file, under that lock: the "before" of a change.
 */
export async function lockStaffMember(tx: Executor, ctx: Context, id: number) {
  await lockLive(tx, ctx, staff, id);
  return found(staff, await readStaffRecord(tx, id));
}

/** `POST /user/create`: the user and the whole file in one transaction (spec 000 §7). */
export async function createStaffMember(ctx: Context, body: CreateStaff): Promise<StaffRecord> {
  const { kardex: file } = body;
  const branchId = branchForWrite(ctx, file.branchId);
  const dates = futureDateErrors(file, today(ctx));
  if (dates.length > 0) throw invalid(...dates);
  // Hashing takes a moment; done before the transaction so it does not hold the connection.
  const passwordHash = await hashSecret(body.password ?? randomSecret());
  const pinHash = body.pin ? await hashSecret(body.pin) : null;
  const now = ctx.clock.now();
  return whenViolated(
    () =>
      ctx.db.transaction(async (tx) => {
        const refs = await references(tx, {
          roleId: body.roleId,
          branchId,
          jobPositionId: file.jobPositionId,
        });
        assertManages(ctx.session, refs.role.key);
        assertIsr(refs.position.name, file.bankInformation.isr);
        await assertUnique(tx, { username: body.username, employeeNumber: file.employeeNumber });
        const [created] = await tx
          .insert(user)
          .values({
            name: body.name,
            lastName: body.lastName,
            motherLastName: body.motherLastName,
            username: body.username,
            passwordHash,
            pinHash,
            roleId: body.roleId,
            status: 'activo',
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: user.id });
        const [stored] = await tx
          .insert(kardex)
          .values({
            userId: created!.id,
            employeeNumber: file.employeeNumber,
            jobPositionId: file.jobPositionId,
            branchId,
            birthdate: file.birthdate,
            admissionDate: file.admissionDate,
            workShift: file.workShift,
          })
          .returning({ id: kardex.id });
        await writeKardexParts(tx, stored!.id, file);
        const after = found(staff, await readStaffRecord(tx, created!.id));
        await audit(
          tx,
          actorOf(ctx),
          {
            module: staff.module,
            action: 'create',
            recordId: created!.id,
            changes: changesBetween(null, auditView(after)),
          },
          now,
        );
        return withoutRoleKey(after);
      }),
    uniqueIndexes(),
  );
}

/**
 * `PUT /user/{id}/update`: fields left out keep their stored values; a nested part that is sent
 * replaces the stored one. The rules are checked on the record as it will be after the change
 * (a new job position starting with 'Médico' needs the ISR already stored or sent), all of them
 * under the staff member's row lock.
 */
export async function updateStaffMember(
  ctx: Context,
  id: number,
  body: UpdateStaff,
): Promise<StaffRecord> {
  const file = body.kardex ?? {};
  const dates = futureDateErrors(file, today(ctx));
  if (dates.length > 0) throw invalid(...dates);
  if (id === ctx.session.userId && body.status === 'inactivo')
    throw invalid({ field: 'status', message: 'No puedes desactivar tu propio usuario' });
  const passwordHash = body.password ? await hashSecret(body.password) : undefined;
  const pinHash = body.pin ? await hashSecret(body.pin) : undefined;
  const now = ctx.clock.now();
  return whenViolated(
    () =>
      ctx.db.transaction(async (tx) => {
        const before = await lockStaffMember(tx, ctx, id);
        // A branch-fixed role naming another branch: 404, as that branch does not exist for it.
        const branchId =
          file.branchId === undefined ? before.kardex.branchId : branchForWrite(ctx, file.branchId);
        assertManages(ctx.session, before.roleKey);
        const refs = await references(tx, {
          roleId: body.roleId ?? before.roleId,
          branchId,
          jobPositionId: file.jobPositionId ?? before.kardex.jobPositionId,
        });
        assertManages(ctx.session, refs.role.key);
        assertIsr(
          refs.position.name,
          file.bankInformation ? file.bankInformation.isr : before.kardex.bankInformation?.isr,
        );
        await assertUnique(
          tx,
          { username: body.username, employeeNumber: file.employeeNumber },
          id,
        );
        await tx
          .update(user)
          .set({
            name: body.name,
            lastName: body.lastName,
            motherLastName: body.motherLastName,
            username: body.username,
            roleId: body.roleId,
            status: body.status,
            passwordHash,
            pinHash,
            ...(passwordHash ? { passwordChangedAt: now } : {}),
            updatedAt: now,
          })
          .where(eq(user.id, id));
        await tx
          .update(kardex)
          .set({
            employeeNumber: file.employeeNumber,
            jobPositionId: file.jobPositionId,
            branchId,
            birthdate: file.birthdate,
            admissionDate: file.admissionDate,
            workShift: file.workShift,
            departureDate: file.departureDate,
            reentryDate: file.reentryDate,
          })
          .where(eq(kardex.id, before.kardex.id));
        await writeKardexParts(tx, before.kardex.id, file);
        // A password set by someone else ends the sessions opened with the old one; a new branch
        // or role ends those opened under the old ones, so no refresh renews what the user may no
        // longer do.
        const movedOrRecast = branchId !== before.kardex.branchId || refs.role.id !== before.roleId;
        if (passwordHash || movedOrRecast) await revokeSessions(tx, id, now);
        const after = found(staff, await readStaffRecord(tx, id));
        const changes = changesBetween(auditView(before), auditView(after));
        if (passwordHash) changes.password = { before: '••••', after: '••••' };
        if (pinHash) changes.pin = { before: '••••', after: '••••' };
        // A save that changes nothing leaves no entry (as the write path's updateRecord).
        if (Object.keys(changes).length > 0)
          await audit(
            tx,
            actorOf(ctx),
            { module: staff.module, action: 'update', recordId: id, changes },
            now,
          );
        return withoutRoleKey(after);
      }),
    uniqueIndexes(),
  );
}

async function revokeSessions(tx: Executor, userId: number, now: Date): Promise<void> {
  await tx
    .update(refreshToken)
    .set({ revokedAt: now })
    .where(and(eq(refreshToken.userId, userId), isNull(refreshToken.revokedAt)));
}

/**
 * Soft delete of the user and their file; nobody deletes their own account. Under the row lock:
 * only a manager of the member's role may, and the file and the open sessions end with the account.
 */
export function deleteStaffMember(ctx: Context, id: number) {
  if (id === ctx.session.userId)
    throw invalid({ field: 'id', message: 'No puedes eliminar tu propio usuario' });
  return deleteRecord(ctx, staff, id, async (tx) => {
    const [member] = await tx
      .select({ kardexId: kardex.id, roleKey: role.key })
      .from(user)
      .innerJoin(role, eq(role.id, user.roleId))
      .innerJoin(kardex, eq(kardex.userId, user.id))
      .where(eq(user.id, id));
    assertManages(ctx.session, found(staff, member).roleKey);
    const now = ctx.clock.now();
    await tx.update(kardex).set({ deletedAt: now }).where(eq(kardex.id, member!.kardexId));
    await revokeSessions(tx, id, now);
  });
}
