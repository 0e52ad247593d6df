import { sql } from 'drizzle-orm';
import {
  COLORS,
  DEFAULT_PRIVILEGES,
  DEPARTMENTS,
  PRODUCT_TYPES,
  RESOURCES,
  RESOURCE_KEYS,
  ROLES,
  ROLE_KEYS,
  TREATMENT_TYPES,
} from '@clinica/domain';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { seedCatalogueReference } from './catalogue';

/**
 * The reference data every installation needs (roles with their default privileges, resource
 * modules, departments, job positions, colours, treatment and product types). Runs at every start:
 * it adds what is missing and never overwrites a role map the super administrator has edited.
 */
export async function seedReference(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(schema.role)
      .values(
        ROLE_KEYS.map((key) => ({
          key,
          role: ROLES[key].name,
          privileges: DEFAULT_PRIVILEGES[key],
        })),
      )
      .onConflictDoNothing({ target: schema.role.key });
    // The super administrator always holds every privilege, including those of new resources.
    await tx
      .update(schema.role)
      .set({ privileges: DEFAULT_PRIVILEGES.superAdmin })
      .where(sql`${schema.role.key} = 'superAdmin'`);
    await tx
      .insert(schema.module)
      .values(
        RESOURCE_KEYS.map((alias) => ({
          alias,
          name: RESOURCES[alias].name,
          group: RESOURCES[alias].group,
          actions: [...RESOURCES[alias].actions],
        })),
      )
      .onConflictDoUpdate({
        target: schema.module.alias,
        set: {
          name: sql`excluded.name`,
          group: sql`excluded.group`,
          actions: sql`excluded.actions`,
        },
      });
    await tx
      .insert(schema.department)
      .values(Object.keys(DEPARTMENTS).map((name) => ({ name })))
      .onConflictDoNothing();
    const departments = await tx.select().from(schema.department);
    const positions = departments.flatMap((department) =>
      (DEPARTMENTS[department.name] ?? []).map((name) => ({ name, departmentId: department.id })),
    );
    if (positions.length > 0)
      await tx.insert(schema.jobPosition).values(positions).onConflictDoNothing();
    await tx
      .insert(schema.color)
      .values([...COLORS])
      .onConflictDoNothing();
    await tx
      .insert(schema.treatmentType)
      .values([...TREATMENT_TYPES])
      .onConflictDoNothing();
    await tx
      .insert(schema.productType)
      .values(PRODUCT_TYPES.map((name) => ({ name })))
      .onConflictDoNothing();
    await seedCatalogueReference(tx);
  });
}
