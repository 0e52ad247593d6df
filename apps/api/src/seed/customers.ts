import { asc, eq } from 'drizzle-orm';
import { GENDERS, NOTE_TYPES } from '@clinica/domain';
import type { Db, Tx } from '../db/client';
import * as schema from '../db/schema';
import type { Clock } from '../platform/clock';
import type { Context } from '../platform/context';
import { sessionAs } from './demo-history';
import { createCustomer, updateCustomer } from '../modules/customers/customer.service';
import { createNote } from '../modules/customers/note.service';

/**
 * The demo's customers (issue 15), registered by the demo staff through the same service the API
 * calls: 200 adults and minors across the clinics, every fifth adult a tutor, a minor for each of
 * the first tutors, a few blacklisted, some with cancellations and missed appointments (the agenda
 * that will count them does not exist yet, so their counters are set here), and notes.
 */

const NAMES = [
  'Ana',
  'Luis',
  'María',
  'José',
  'Sofía',
  'Carlos',
  'Valeria',
  'Jorge',
  'Lucía',
  'Miguel',
  'Camila',
  'Diego',
  'Renata',
  'Andrés',
  'Ximena',
  'Raúl',
];
const LAST_NAMES = [
  'García',
  'Hernández',
  'López',
  'Martínez',
  'González',
  'Pérez',
  'Rodríguez',
  'Sánchez',
  'Ramírez',
  'Cruz',
  'Flores',
  'Gómez',
  'Morales',
  'Vázquez',
  'Reyes',
  'Jiménez',
  'Núñez',
  'Ortiz',
];
const RELATIONSHIPS = ['Madre', 'Padre', 'Tía', 'Abuela', 'Tutor legal'];
const ADULTS = 170;
const MINORS = 30;

export async function seedCustomersDemo(tx: Tx, now: Date): Promise<void> {
  const clinics = await tx
    .select({ id: schema.branch.id })
    .from(schema.branch)
    .where(eq(schema.branch.distributionCenter, false))
    .orderBy(asc(schema.branch.id));
  if (clinics.length === 0) return;
  const admin = await sessionAs(tx as unknown as Db, 'admin@clinica.mx');
  const ctx: Context = {
    db: tx as unknown as Db,
    clock: { now: () => now } as Clock,
    session: admin,
  };
  const year = now.getUTCFullYear();

  const tutors: number[] = [];
  const adults: number[] = [];
  for (let index = 0; index < ADULTS; index += 1) {
    const name = NAMES[index % NAMES.length]!;
    const customer = await createCustomer(ctx, {
      name,
      lastName: LAST_NAMES[index % LAST_NAMES.length]!,
      // With the name and last name, a full name no other demo adult shares.
      motherLastName: LAST_NAMES[Math.floor(index / NAMES.length) % LAST_NAMES.length]!,
      gender: GENDERS[index % 2]!,
      birthday: `${year - 20 - (index % 45)}-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 27) + 1).padStart(2, '0')}`,
      mobilePhone: `664${String(2_000_000 + index * 37).padStart(7, '0')}`,
      email: index % 3 === 0 ? `cliente${index + 1}@correo.mx` : null,
      phone: index % 4 === 0 ? `664${String(6_000_000 + index).padStart(7, '0')}` : null,
      originCountry: 'México',
      isTutor: index % 5 === 0,
      registryBranchId: clinics[index % clinics.length]!.id,
    });
    adults.push(customer.id);
    if (index % 5 === 0) tutors.push(customer.id);
  }
  for (let index = 0; index < MINORS; index += 1) {
    await createCustomer(ctx, {
      name: NAMES[(index + 5) % NAMES.length]!,
      lastName: LAST_NAMES[(index * 5) % LAST_NAMES.length]!,
      birthday: `${year - 4 - (index % 13)}-${String((index % 12) + 1).padStart(2, '0')}-15`,
      tutorId: tutors[index % tutors.length]!,
      relationship: RELATIONSHIPS[index % RELATIONSHIPS.length]!,
      registryBranchId: clinics[index % clinics.length]!.id,
    });
  }
  // Blacklisted: adults that are no one's tutor.
  for (const id of adults.filter((_, index) => index % 5 !== 0 && index % 23 === 1)) {
    await updateCustomer(ctx, id, { blackList: true });
  }
  // Cancellations and missed appointments, until the agenda counts them.
  for (const [position, id] of adults.entries()) {
    if (position % 7 === 2)
      await tx
        .update(schema.customer)
        .set({ cancellations: 1 + (position % 4), missedAppointments: position % 3 })
        .where(eq(schema.customer.id, id));
  }
  for (const [position, id] of adults.slice(0, 40).entries()) {
    await createNote(ctx, {
      customerId: id,
      noteType: NOTE_TYPES[position % NOTE_TYPES.length]!,
      title: ['Primera visita', 'Piel sensible', 'Control a 15 días', 'Demora en la atención'][
        position % 4
      ]!,
      note: 'Registrada en la demostración: antecedentes y preferencias del cliente.',
    });
  }
}
