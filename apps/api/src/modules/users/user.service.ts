import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  BadRequest,
  Conflict,
  DEFAULT_TIME_ZONE,
  NotFound,
  ROLES,
  futureDateErrors,
  isrRequired,
  msg,
  type CreateStaff,
  type RoleKey,
  type StaffRecord,
  type UpdateStaff,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { branch, jobPosition, kardex, refreshToken, role, user } from '../../db/schema';
import { audit, changesBetween, softDeleteChanges } from '../../platform/audit';
import { AppError, forbidden, invalid, notFound, whenViolated } from '../../platform/errors';
import { hashSecret, randomSecret } from '../../platform/passwords';
import { assertInScope, branchForWrite } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { auditView, readStaffRecord, writeKardexParts } from './kardex';

/**
 * Staff and their employee file (spec 000 §2–§5, issue 4). Every change runs in one transaction
 * with its audit entry. Branch-fixed roles see and change only the staff of their branch, and
 * roles that reach beyond one branch (Super Administrador, Logística Gerente) are granted and
 * managed only by the super administrator, so a branch manager cannot mint a wider account.
 */

const employeeNumberTaken = () =>
  new AppError(400, BadRequest.employeeNumberExists, [
    { field: 'kardex.employeeNumber', message: 'El número de empleado ya existe' },
  ]);
const usernameTaken = () =>
  new AppError(409, Conflict.userExists, [{ field: 'username', message: 'El usuario ya existe' }]);

/** Today in the clinics' zone: what "no future dates" is measured against. */
function today(app: FastifyInstance): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE }).format(app.clock.now());
}

/** 403 unless the caller may hand out or manage accounts of this role. */
export function assertManages(session: Session, roleKey: string): void {
  if (session.roleKey === 'superAdmin') return;
  if (!ROLES[roleKey as RoleKey]?.branchFixed) throw forbidden();
}

/** The role, branch and job position a write names, each 400 on its field when unknown. */
async function references(
  executor: Executor,
  ids: { roleId: number; branchId: number; jobPositionId: number },
) {
  const [roleRow] = await executor
    .select({ id: role.id, key: role.key })
    .from(role)
    .where(eq(role.id, ids.roleId));
  const [branchRow] = await executor
    .select({ id: branch.id })
    .from(branch)
    .where(and(eq(branch.id, ids.branchId), isNull(branch.deletedAt)));
  const [position] = await executor
    .select({ id: jobPosition.id, name: jobPosition.name })
    .from(jobPosition)
    .where(eq(jobPosition.id, ids.jobPositionId));
  const errors = [
    roleRow ? null : { field: 'roleId', message: 'El rol seleccionado no existe' },
    branchRow ? null : { field: 'kardex.branchId', message: 'La sucursal seleccionada no existe' },
    position
      ? null
      : { field: 'kardex.jobPositionId', message: 'El puesto seleccionado no existe' },
  ].filter((error) => error !== null);
  if (errors.length > 0) throw invalid(...errors);
  return { role: roleRow!, position: position! };
}

function assertIsr(positionName: string, isr: number | null | undefined): void {
  if (isrRequired(positionName) && (isr === null || isr === undefined))
    throw invalid({ field: 'kardex.bankInformation.isr', message: msg.required('ISR') });
}

/** Checked before writing for a clean answer; the unique indexes still decide under a race. */
async function assertUnique(
  executor: Executor,
  values: { username?: string; employeeNumber?: string },
  exceptUserId?: number,
): Promise<void> {
  if (values.username) {
    const [taken] = await executor
      .select({ id: user.id })
      .from(user)
      .where(
        and(
          sql`lower(${user.username}) = ${values.username.toLowerCase()}`,
          isNull(user.deletedAt),
          exceptUserId ? ne(user.id, exceptUserId) : undefined,
        ),
      );
    if (taken) throw usernameTaken();
  }
  if (values.employeeNumber) {
    const [taken] = await executor
      .select({ id: kardex.id })
      .from(kardex)
      .where(
        and(
          eq(kardex.employeeNumber, values.employeeNumber),
          isNull(kardex.deletedAt),
          exceptUserId ? ne(kardex.userId, exceptUserId) : undefined,
        ),
      );
    if (taken) throw employeeNumberTaken();
  }
}

const uniqueIndexes = () => ({
  user_username_unique: usernameTaken(),
  kardex_employee_number_unique: employeeNumberTaken(),
});

/** A staff member the caller may see: absent, deleted or of another branch is 404 code 4. */
export async function visibleStaff(
  executor: Executor,
  session: Session,
  id: number,
  options: { lock?: boolean } = {},
) {
  const record = await readStaffRecord(executor, id, options);
  if (!record) throw notFound(NotFound.user);
  assertInScope(session, record.kardex.branchId, NotFound.user);
  return record;
}

const withoutRoleKey = ({ roleKey: _roleKey, ...record }: StaffRecord & { roleKey: string }) =>
  record;

export async function getStaffMember(app: FastifyInstance, session: Session, id: number) {
  return withoutRoleKey(await visibleStaff(app.db, session, id));
}

/** `POST /user/create`: the user and the whole file in one transaction (spec 000 §7). */
export async function createStaffMember(
  app: FastifyInstance,
  session: Session,
  body: CreateStaff,
): Promise<StaffRecord> {
  const { kardex: file } = body;
  const branchId = branchForWrite(session, file.branchId);
  const dates = futureDateErrors(file, today(app));
  if (dates.length > 0) throw invalid(...dates);
  // Hashing takes a moment; done before the transaction so it does not hold the connection.
  const passwordHash = await hashSecret(body.password ?? randomSecret());
  const pinHash = body.pin ? await hashSecret(body.pin) : null;
  const now = app.clock.now();
  const userId = await app.db.transaction(async (tx) => {
    const refs = await references(tx, {
      roleId: body.roleId,
      branchId,
      jobPositionId: file.jobPositionId,
    });
    assertManages(session, refs.role.key);
    assertIsr(refs.position.name, file.bankInformation.isr);
    await assertUnique(tx, { username: body.username, employeeNumber: file.employeeNumber });
    const [created] = await whenViolated(
      () =>
        tx
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
          .returning({ id: user.id }),
      uniqueIndexes(),
    );
    const [stored] = await whenViolated(
      () =>
        tx
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
          .returning({ id: kardex.id }),
      uniqueIndexes(),
    );
    await writeKardexParts(tx, stored!.id, file);
    const after = await readStaffRecord(tx, created!.id);
    await audit(
      tx,
      { userId: session.userId, branchId: session.branchId },
      {
        module: 'users',
        action: 'create',
        recordId: created!.id,
        changes: changesBetween(null, auditView(after)),
      },
      now,
    );
    return created!.id;
  });
  return getStaffMember(app, session, userId);
}

/**
 * `PUT /user/{id}/update`: fields left out keep their stored values; a nested part that is sent
 * replaces the stored one. The rules are checked on the record as it will be after the change
 * (a new job position starting with 'Médico' needs the ISR already stored or sent).
 */
export async function updateStaffMember(
  app: FastifyInstance,
  session: Session,
  id: number,
  body: UpdateStaff,
): Promise<StaffRecord> {
  const file = body.kardex ?? {};
  const dates = futureDateErrors(file, today(app));
  if (dates.length > 0) throw invalid(...dates);
  if (id === session.userId && body.status === 'inactivo')
    throw invalid({ field: 'status', message: 'No puedes desactivar tu propio usuario' });
  const passwordHash = body.password ? await hashSecret(body.password) : undefined;
  const pinHash = body.pin ? await hashSecret(body.pin) : undefined;
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const before = await visibleStaff(tx, session, id, { lock: true });
    assertManages(session, before.roleKey);
    const branchId = branchForWrite(session, file.branchId ?? before.kardex.branchId);
    const refs = await references(tx, {
      roleId: body.roleId ?? before.roleId,
      branchId,
      jobPositionId: file.jobPositionId ?? before.kardex.jobPositionId,
    });
    assertManages(session, refs.role.key);
    assertIsr(
      refs.position.name,
      file.bankInformation ? file.bankInformation.isr : before.kardex.bankInformation?.isr,
    );
    await assertUnique(tx, { username: body.username, employeeNumber: file.employeeNumber }, id);
    await whenViolated(
      () =>
        tx
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
          .where(eq(user.id, id)),
      uniqueIndexes(),
    );
    await whenViolated(
      () =>
        tx
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
          .where(eq(kardex.id, before.kardex.id)),
      uniqueIndexes(),
    );
    await writeKardexParts(tx, before.kardex.id, file);
    // A password set by someone else ends the sessions opened with the old one; a new branch or
    // role ends those opened under the old ones, so no refresh renews what the user may no longer do.
    const movedOrRecast = branchId !== before.kardex.branchId || refs.role.id !== before.roleId;
    if (passwordHash || movedOrRecast) await revokeSessions(tx, id, now);
    const after = await readStaffRecord(tx, id);
    const changes = changesBetween(auditView(before), auditView(after));
    if (passwordHash) changes.password = { before: '••••', after: '••••' };
    if (pinHash) changes.pin = { before: '••••', after: '••••' };
    await audit(
      tx,
      { userId: session.userId, branchId: session.branchId },
      { module: 'users', action: 'update', recordId: id, changes },
      now,
    );
  });
  return getStaffMember(app, session, id);
}

async function revokeSessions(tx: Executor, userId: number, now: Date): Promise<void> {
  await tx
    .update(refreshToken)
    .set({ revokedAt: now })
    .where(and(eq(refreshToken.userId, userId), isNull(refreshToken.revokedAt)));
}

/** Soft delete of the user and their file; nobody deletes their own account. */
export async function deleteStaffMember(app: FastifyInstance, session: Session, id: number) {
  if (id === session.userId)
    throw invalid({ field: 'id', message: 'No puedes eliminar tu propio usuario' });
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const before = await visibleStaff(tx, session, id, { lock: true });
    assertManages(session, before.roleKey);
    await tx.update(user).set({ deletedAt: now, updatedAt: now }).where(eq(user.id, id));
    await tx.update(kardex).set({ deletedAt: now }).where(eq(kardex.id, before.kardex.id));
    await revokeSessions(tx, id, now);
    await audit(
      tx,
      { userId: session.userId, branchId: session.branchId },
      {
        module: 'users',
        action: 'delete',
        recordId: id,
        changes: softDeleteChanges(now),
      },
      now,
    );
  });
  return { id };
}
