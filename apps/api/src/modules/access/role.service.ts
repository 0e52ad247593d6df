import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { RESOURCES, RESOURCE_KEYS, ROLES, type Privileges, type RoleKey } from '@clinica/domain';
import { module, role } from '../../db/schema';
import { audit, changesBetween } from '../../platform/audit';
import { forbidden, invalid, notFound } from '../../platform/errors';
import type { Session } from '../../platform/session';

function present(row: typeof role.$inferSelect) {
  const definition = ROLES[row.key as RoleKey];
  return {
    id: row.id,
    role: row.role,
    key: row.key,
    branchFixed: definition?.branchFixed ?? true,
    path: definition?.path ?? 'inicio',
    privileges: row.privileges,
  };
}

export async function listRoles(app: FastifyInstance) {
  const rows = await app.db.select().from(role).orderBy(asc(role.id));
  return rows.map(present);
}

export async function listModules(app: FastifyInstance) {
  return app.db.select().from(module).orderBy(asc(module.id));
}

/** Keeps the map's resources and actions in the catalogue's order, without duplicates. */
function normalise(privileges: Record<string, string[]>): Privileges {
  const result: Record<string, string[]> = {};
  for (const key of RESOURCE_KEYS) {
    const granted = privileges[key];
    if (!granted || granted.length === 0) continue;
    result[key] = RESOURCES[key].actions.filter((action) => granted.includes(action));
  }
  return result as Privileges;
}

/**
 * Replaces a role's privilege map. Only the Super Administrador may, and its own role keeps every
 * privilege so nobody can lock the chain out of its own administration.
 */
export async function updateRolePrivileges(
  app: FastifyInstance,
  session: Session,
  id: number,
  privileges: Record<string, string[]>,
) {
  if (session.roleKey !== 'superAdmin') throw forbidden();
  const [current] = await app.db.select().from(role).where(eq(role.id, id));
  if (!current) throw notFound(0);
  if (current.key === 'superAdmin') {
    throw invalid({
      field: 'privileges',
      message: 'Los privilegios del Super Administrador no se pueden modificar',
    });
  }
  const next = normalise(privileges);
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(role)
      .set({ privileges: next, updatedAt: now })
      .where(eq(role.id, id))
      .returning();
    await audit(
      tx,
      { userId: session.userId, branchId: session.branchId },
      {
        module: 'role',
        action: 'update',
        recordId: id,
        changes: changesBetween(current.privileges, next),
      },
      now,
    );
    return present(updated!);
  });
}
