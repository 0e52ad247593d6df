import { eq } from 'drizzle-orm';
import type { RoleKey } from '@clinica/domain';
import type { Executor } from '../db/client';
import * as schema from '../db/schema';
import { hashSecret } from '../platform/passwords';

export interface StaffMember {
  name: string;
  lastName: string;
  motherLastName: string;
  username: string;
  password: string;
  pin: string;
  roleKey: RoleKey;
  branchId: number;
  employeeNumber: string;
  jobPosition: string;
  gender: 'Masculino' | 'Femenino';
  birthdate: string;
  status?: 'activo' | 'inactivo';
  admissionDate?: string;
  workShift?: 'matutino' | 'intermedio' | 'vespertino';
  /** Hashes made once for many members that share a password (the demo's extra staff). */
  hashes?: { password: string; pin: string };
  /** Overrides of the kardex's personal data (curp, rfc, …). */
  personal?: Partial<typeof schema.kardexPersonalData.$inferInsert>;
}

/** The second contract is signed six months after the first. */
function sixMonthsAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 6);
  return date.toISOString().slice(0, 10);
}

/** Upper case without accents; Ñ is written X in a CURP (RENAPO's rule). */
function plain(word: string): string {
  return word
    .toUpperCase()
    .replaceAll('Ñ', 'X')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

const firstInner = (word: string, letters: RegExp) =>
  [...plain(word).slice(1)].find((letter) => letters.test(letter)) ?? 'X';

/**
 * The name-derived parts of a CURP and RFC as RENAPO builds them (first letter and first inner
 * vowel of the father's surname, initial of the mother's surname and of the name; then the first
 * inner consonant of each), so seeded files pass the same patterns the API enforces.
 */
function curpParts(member: Pick<StaffMember, 'name' | 'lastName' | 'motherLastName'>) {
  const vowels = /[AEIOU]/;
  const consonantsRe = /[B-DF-HJ-NP-TV-Z]/;
  const initials =
    plain(member.lastName)[0]! +
    firstInner(member.lastName, vowels) +
    plain(member.motherLastName)[0]! +
    plain(member.name)[0]!;
  const consonants =
    firstInner(member.lastName, consonantsRe) +
    firstInner(member.motherLastName, consonantsRe) +
    firstInner(member.name, consonantsRe);
  return { initials, consonants };
}

/**
 * Inserts a staff member with a complete employee file (spec 000 §3): user, kardex, address, bank
 * information, personal data, a main and a secondary contact and reference, two contract
 * signatures and a phone. Used by the demo seed and by test factories.
 */
export async function insertStaffMember(executor: Executor, member: StaffMember) {
  const [role] = await executor
    .select()
    .from(schema.role)
    .where(eq(schema.role.key, member.roleKey));
  const [position] = await executor
    .select()
    .from(schema.jobPosition)
    .where(eq(schema.jobPosition.name, member.jobPosition));
  if (!role || !position)
    throw new Error(`Falta el rol ${member.roleKey} o el puesto ${member.jobPosition}`);
  const [passwordHash, pinHash] = member.hashes
    ? [member.hashes.password, member.hashes.pin]
    : await Promise.all([hashSecret(member.password), hashSecret(member.pin)]);
  const [created] = await executor
    .insert(schema.user)
    .values({
      name: member.name,
      lastName: member.lastName,
      motherLastName: member.motherLastName,
      username: member.username.toLowerCase(),
      passwordHash,
      pinHash,
      roleId: role.id,
      status: member.status ?? 'activo',
    })
    .returning();
  const userId = created!.id;
  const admissionDate = member.admissionDate ?? '2022-01-10';
  const [file] = await executor
    .insert(schema.kardex)
    .values({
      userId,
      employeeNumber: member.employeeNumber,
      jobPositionId: position.id,
      branchId: member.branchId,
      birthdate: member.birthdate,
      admissionDate,
      workShift: member.workShift ?? 'matutino',
    })
    .returning();
  const kardexId = file!.id;
  const { initials, consonants } = curpParts(member);
  const born = member.birthdate.slice(2).replaceAll('-', '');
  await executor.insert(schema.kardexAddress).values({
    kardexId,
    address: 'Av. Revolución 1234, Zona Centro',
    state: 'Baja California',
    city: 'Tijuana',
    addressINE: 'Av. Revolución 1234, Zona Centro',
    stateINE: 'Baja California',
    cityINE: 'Tijuana',
  });
  await executor.insert(schema.kardexBankInformation).values({
    kardexId,
    salary: member.roleKey === 'medic' ? '32000.00' : '18500.00',
    bankAccount: `0121800${member.employeeNumber}12`,
    isr: member.jobPosition.startsWith('Médico') ? '10.00' : null,
  });
  await executor.insert(schema.kardexPersonalData).values({
    kardexId,
    gender: member.gender,
    maritalStatus: 'Soltero',
    nationality: 'Mexicana',
    birthState: 'Baja California',
    birthCity: 'Tijuana',
    nss: `123456${member.employeeNumber.slice(-5)}`,
    curp: `${initials}${born}${member.gender === 'Femenino' ? 'M' : 'H'}BC${consonants}0${member.employeeNumber.slice(-1)}`,
    rfc: `${initials}${born}AB${member.employeeNumber.slice(-1)}`,
    ocr: `1234567${member.employeeNumber}`,
    infonavit: 0,
    educationalDegree: 'superior',
    profession: member.roleKey === 'medic' ? 'Médico cirujano' : 'Administración',
    professionalLicense: member.roleKey === 'medic' ? '12345678' : null,
    childrens: 0,
    email: `personal.${member.username.split('@')[0]}@correo.mx`,
    bloodType: 'O+',
    diseases: 'Ninguna',
    allergies: 'Ninguna',
    drugAllergies: 'Ninguna',
    ...member.personal,
  });
  await executor.insert(schema.kardexContact).values([
    { kardexId, name: 'María López Ruiz', relationships: 'Madre', phone: '6641234567', main: 1 },
    { kardexId, name: 'Jorge Pérez Soto', relationships: 'Hermano', phone: '6647654321', main: 0 },
  ]);
  await executor.insert(schema.kardexJobReference).values([
    {
      kardexId,
      company: 'Clínica Bella Piel',
      position: 'Auxiliar',
      boss: 'Laura Méndez',
      phone: '6649876543',
      main: 1,
    },
    {
      kardexId,
      company: 'Spa Serena',
      position: 'Recepción',
      boss: 'Ana Torres',
      phone: '6645678901',
      main: 0,
    },
  ]);
  await executor.insert(schema.kardexSignature).values([
    { kardexId, number: 1, date: admissionDate },
    { kardexId, number: 2, date: sixMonthsAfter(admissionDate) },
  ]);
  await executor
    .insert(schema.kardexPhone)
    .values({ kardexId, phone: `664${member.employeeNumber.padStart(7, '5')}` });
  return { userId, kardexId };
}
