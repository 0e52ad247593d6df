import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { BadRequest, Conflict, ROLES, isrRequired, msg, type RoleKey } from '@clinica/domain';
import type { Executor } from '../../db/client';
import { branch, jobPosition, kardex, role, user } from '../../db/schema';
import { AppError, forbidden, invalid } from '../../platform/errors';
import type { Session } from '../../platform/session';

/** The rules a staff member's create and update check, inside their transaction. */

const employeeNumberTaken = () =>
  new AppError(400, BadRequest.employeeNumberExists, [
    { field: 'kardex.employeeNumber', message: 'El número de empleado ya existe' },
  ]);
const usernameTaken = () =>
  new AppError(409, Conflict.userExists, [{ field: 'username', message: 'El usuario ya existe' }]);

/** 403 unless the caller may hand out or manage accounts of this role. */
export function assertManages(session: Session, roleKey: string): void {
  if (session.roleKey === 'superAdmin') return;
  if (!ROLES[roleKey as RoleKey]?.branchFixed) throw forbidden();
}

/**
 * The role, branch and job position a write names, each 400 on its field when unknown. The branch
 * is held `FOR KEY SHARE` until the change commits, so it cannot be deleted in between.
 */
export async function references(
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
    .where(and(eq(branch.id, ids.branchId), isNull(branch.deletedAt)))
    .for('key share');
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

export function assertIsr(positionName: string, isr: number | null | undefined): void {
  if (isrRequired(positionName) && (isr === null || isr === undefined))
    throw invalid({ field: 'kardex.bankInformation.isr', message: msg.required('ISR') });
}

/** Checked before writing for a clean answer; the unique indexes still decide under a race. */
export async function assertUnique(
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

export const uniqueIndexes = () => ({
  user_username_unique: usernameTaken(),
  kardex_employee_number_unique: employeeNumberTaken(),
});
