import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import * as schema from '../db/schema';

/** Cabin types of the demo chain: colour from the collection, the agenda name of their treatment type. */
const CABIN_TYPES = [
  { name: 'Consultorio médico', order: 1, color: 'F48FB1', treatmentType: 'Médico' },
  { name: 'Cabina facial', order: 2, color: '90CAF9', treatmentType: 'Cosmetóloga' },
  { name: 'Cabina corporal', order: 3, color: 'A5D6A7', treatmentType: 'Cosmetóloga' },
  { name: 'Cabina láser', order: 4, color: 'FFCC80', treatmentType: 'Médico' },
  { name: 'Valoración', order: 5, color: 'CE93D8', treatmentType: 'Valoración' },
] as const;

/** The cabins of each clinic branch, by cabin type name. */
const CABINS: { name: string; type: (typeof CABIN_TYPES)[number]['name']; description?: string }[] =
  [
    {
      name: 'Consultorio 1',
      type: 'Consultorio médico',
      description: 'Aplicación de toxina y rellenos',
    },
    { name: 'Facial 1', type: 'Cabina facial' },
    { name: 'Facial 2', type: 'Cabina facial' },
    { name: 'Corporal 1', type: 'Cabina corporal', description: 'Radiofrecuencia y drenaje' },
    { name: 'Láser 1', type: 'Cabina láser', description: 'Depilación láser diodo' },
    { name: 'Valoración', type: 'Valoración' },
  ];

export const DEMO_CATEGORIES = {
  treatment: [
    'Faciales',
    'Corporales',
    'Depilación láser',
    'Inyectables',
    'Valoraciones',
    'Peelings',
  ],
  product: [
    'Cuidado facial',
    'Protección solar',
    'Dermocosmética',
    'Material de curación',
    'Insumos médicos',
    'Aparatología',
  ],
} as const;

/**
 * Cabin types, cabins for every clinic branch (with the branch's own hours, so every day lies
 * within them) and categories of both kinds.
 */
export async function seedOrganization(
  executor: Executor,
  branches: (typeof schema.branch.$inferSelect)[],
) {
  const types = await executor.select().from(schema.treatmentType);
  const typeIds = new Map<string, number>();
  for (const cabinType of CABIN_TYPES) {
    const treatmentTypeId = types.find((type) => type.name === cabinType.treatmentType)!.id;
    const [row] = await executor
      .insert(schema.cabinType)
      .values({
        name: cabinType.name,
        order: cabinType.order,
        color: cabinType.color,
        treatmentTypeId,
      })
      .returning();
    typeIds.set(cabinType.name, row!.id);
  }
  for (const branch of branches.filter((candidate) => !candidate.distributionCenter)) {
    const week = await executor
      .select()
      .from(schema.branchSchedule)
      .where(eq(schema.branchSchedule.branchId, branch.id));
    // Franchises run smaller: the first four cabins.
    const cabins = branch.franchise ? CABINS.slice(0, 4) : CABINS;
    for (const cabin of cabins) {
      const [row] = await executor
        .insert(schema.cabin)
        .values({
          name: cabin.name,
          typeId: typeIds.get(cabin.type)!,
          branchId: branch.id,
          description: cabin.description ?? null,
        })
        .returning();
      await executor.insert(schema.cabinSchedule).values(
        week.map((day) => ({
          cabinId: row!.id,
          day: day.day,
          opening: day.opening,
          closing: day.closing,
        })),
      );
    }
  }
  await executor
    .insert(schema.category)
    .values([
      ...DEMO_CATEGORIES.treatment.map((name) => ({ name, type: 'treatment' })),
      ...DEMO_CATEGORIES.product.map((name) => ({ name, type: 'product' })),
    ]);
}
