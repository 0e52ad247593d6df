import { asc, eq } from 'drizzle-orm';
import { RESOURCES, RESOURCE_KEYS, ROLES, type Privileges, type RoleKey } from '@clinica/domain';
import { module, role } from '../../db/schema';
import { audit, changesBetween } from '../../platform/audit';
import { actorOf, type Context } from '../../platform/context';
import { forbidden, invalid, notFound } from '../../platform/errors';

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

export async function listRoles(ctx: Context) {
  const rows = await ctx.db.select().from(role).orderBy(asc(role.id));
  return rows.map(present);
}

export async function listModules(ctx: Context) {
  return ctx.db.select().from(module).orderBy(asc(module.id));
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
 * privilege so nobody can lock the chain out of its own administration. The role's row is locked
 * inside the transaction and the audit's "before" read under that lock, so two concurrent edits
 * apply one after the other and each entry says what it really replaced.
 */
export async function updateRolePrivileges(
  ctx: Context,
  id: number,
  privileges: Record<string, string[]>,
) {
  if (ctx.session.roleKey !== 'superAdmin') throw forbidden();
  const next = normalise(privileges);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(role).where(eq(role.id, id)).for('update');
    if (!current) throw notFound(0);
    if (current.key === 'superAdmin') {
      throw invalid({
        field: 'privileges',
        message: 'Los privilegios del Super Administrador no se pueden modificar',
      });
    }
    const [updated] = await tx
      .update(role)
      .set({ privileges: next, updatedAt: now })
      .where(eq(role.id, id))
      .returning();
    const changes = changesBetween(current.privileges, next);
    if (Object.keys(changes).length > 0) {
      await audit(
        tx,
        actorOf(ctx),
        { module: 'role', action: 'update', recordId: id, changes },
        now,
      );
    }
    return present(updated!);
  });
}
