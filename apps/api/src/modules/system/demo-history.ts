import { asc, eq, isNull } from 'drizzle-orm';
import { ROLES, providerRoutes, staffRoutes, type Privileges, type RoleKey } from '@clinica/domain';
import type { Db } from '../../db/client';
import { branch, kardex, provider, role, user } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { Context } from '../../platform/context';
import { providerService } from '../catalogue/provider.service';
import { updateStaffMember } from '../users/user.service';

/**
 * The demo's history (issue 11): the demo data is inserted in bulk, which leaves the log empty of
 * the changes staff make. These are a few days' worth of real changes, made by the demo staff
 * through the same services the API calls, so Historial and the dashboard's feed show entries with
 * their before and after from the first start.
 */

/** The session of a demo user at their branch, as the guard would read it. */
export async function sessionAs(db: Db, username: string): Promise<Context['session']> {
  const [row] = await db
    .select({
      userId: user.id,
      name: user.name,
      lastName: user.lastName,
      motherLastName: user.motherLastName,
      roleId: role.id,
      roleKey: role.key,
      role: role.role,
      privileges: role.privileges,
      branchId: branch.id,
      branch: branch.name,
    })
    .from(user)
    .innerJoin(role, eq(role.id, user.roleId))
    .innerJoin(kardex, eq(kardex.userId, user.id))
    .innerJoin(branch, eq(branch.id, kardex.branchId))
    .where(eq(user.username, username));
  if (!row) throw new Error(`demo user ${username} missing`);
  const roleKey = row.roleKey as RoleKey;
  return {
    userId: row.userId,
    username,
    fullname: [row.name, row.lastName, row.motherLastName].join(' '),
    roleId: row.roleId,
    roleKey,
    role: row.role,
    privileges: row.privileges as Privileges,
    branchId: row.branchId,
    branch: row.branch,
    branchFixed: ROLES[roleKey]?.branchFixed ?? true,
    quickLogin: false,
    familyId: 'demo-seed',
  };
}

const HOUR = 60 * 60_000;

/** Runs once, right after the demo data fills an empty database. */
export async function seedDemoHistory(db: Db, clock: Clock): Promise<void> {
  const admin = await sessionAs(db, 'admin@clinica.mx');
  const manager = await sessionAs(db, 'gerente@clinica.mx');
  const now = clock.now().getTime();
  // Each change at its own moment of the last days, oldest first.
  const at = (hoursAgo: number): Context => ({
    db,
    clock: { now: () => new Date(now - hoursAgo * HOUR) } as Clock,
    session: admin,
  });

  const [firstProvider] = await db
    .select({ id: provider.id, deliveryTime: provider.deliveryTime })
    .from(provider)
    .where(isNull(provider.deletedAt))
    .orderBy(asc(provider.id))
    .limit(1);
  if (firstProvider) {
    await providerService.update(
      at(70),
      firstProvider.id,
      providerRoutes.update.body.parse({
        deliveryTime: firstProvider.deliveryTime === '5 días' ? '3 días' : '5 días',
        contactName: 'Mariana Treviño',
      }),
    );
  }
  await providerService.create(
    at(52),
    providerRoutes.create.body.parse({
      name: 'Insumos Médicos del Noroeste',
      tradename: 'IMN Baja',
      rfc: 'IMN150320AB3',
      regime: 'Moral',
      address: 'Blvd. Agua Caliente 10440',
      city: 'Tijuana',
      state: 'Baja California',
      country: 'México',
      zipCode: '22014',
      email: 'pedidos@imnbaja.mx',
      phone: '6646087700',
      contactName: 'Héctor Salazar',
      mobilePhone: '6641239876',
      payConditions: 15,
      deliveryTime: '2 días',
      bank: 'BBVA',
      clabeAccount: '012028001234567891',
      bankAccount: '0123456789',
    }),
  );
  // The branch manager moves the medic to the afternoon shift.
  const [medic] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.username, 'medico@clinica.mx'));
  if (medic) {
    await updateStaffMember(
      { ...at(6), session: manager },
      medic.id,
      staffRoutes.update.body.parse({ kardex: { workShift: 'vespertino' } }),
    );
  }
}
