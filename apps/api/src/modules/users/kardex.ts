import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { contractLabel, type CreateStaff, type StaffRecord } from '@clinica/domain';
import type { Executor } from '../../db/client';
import {
  branch,
  department,
  jobPosition,
  kardex,
  kardexAddress,
  kardexBankInformation,
  kardexContact,
  kardexJobReference,
  kardexPersonalData,
  kardexPhone,
  kardexSignature,
  role,
  user,
} from '../../db/schema';

/**
 * The employee file's parts (spec 000 §3): written as wholes — a part that is sent replaces the
 * stored one — and read back nested in the shape the body takes, so a record read can be sent back.
 */

type KardexBody = CreateStaff['kardex'];
export type KardexParts = Pick<
  KardexBody,
  | 'phones'
  | 'address'
  | 'bankInformation'
  | 'personalData'
  | 'contacts'
  | 'jobReferences'
  | 'signatures'
>;

const money = (value: number) => value.toFixed(2);

/** Replaces each part that is given; parts left out keep their rows. */
export async function writeKardexParts(
  tx: Executor,
  kardexId: number,
  parts: Partial<KardexParts>,
): Promise<void> {
  const { phones, address, bankInformation, personalData, contacts, jobReferences, signatures } =
    parts;
  if (phones) {
    await tx.delete(kardexPhone).where(eq(kardexPhone.kardexId, kardexId));
    await tx.insert(kardexPhone).values(phones.map(({ phone }) => ({ kardexId, phone })));
  }
  if (address) {
    await tx.delete(kardexAddress).where(eq(kardexAddress.kardexId, kardexId));
    await tx.insert(kardexAddress).values({ kardexId, ...address });
  }
  if (bankInformation) {
    await tx.delete(kardexBankInformation).where(eq(kardexBankInformation.kardexId, kardexId));
    await tx.insert(kardexBankInformation).values({
      kardexId,
      salary: money(bankInformation.salary),
      bankAccount: bankInformation.bankAccount,
      isr: bankInformation.isr === null ? null : money(bankInformation.isr),
    });
  }
  if (personalData) {
    await tx.delete(kardexPersonalData).where(eq(kardexPersonalData.kardexId, kardexId));
    await tx.insert(kardexPersonalData).values({ kardexId, ...personalData });
  }
  if (contacts) {
    await tx.delete(kardexContact).where(eq(kardexContact.kardexId, kardexId));
    if (contacts.length > 0)
      await tx.insert(kardexContact).values(contacts.map((contact) => ({ kardexId, ...contact })));
  }
  if (jobReferences) {
    await tx.delete(kardexJobReference).where(eq(kardexJobReference.kardexId, kardexId));
    if (jobReferences.length > 0)
      await tx
        .insert(kardexJobReference)
        .values(jobReferences.map((reference) => ({ kardexId, ...reference })));
  }
  if (signatures) {
    await tx.delete(kardexSignature).where(eq(kardexSignature.kardexId, kardexId));
    await tx
      .insert(kardexSignature)
      .values(signatures.map((signature) => ({ kardexId, ...signature })));
  }
}

const zeroOne = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

/**
 * A stored staff member with their whole file, or undefined when absent or deleted (or not
 * matching `where`, e.g. the caller's branch scope).
 */
export async function readStaffRecord(
  executor: Executor,
  userId: number,
  where: SQL = and(eq(user.id, userId), isNull(user.deletedAt))!,
): Promise<(StaffRecord & { roleKey: string }) | undefined> {
  const [row] = await executor
    .select({
      user,
      roleKey: role.key,
      roleName: role.role,
      kardex,
      branchName: branch.name,
      position: { id: jobPosition.id, name: jobPosition.name },
      department: { id: department.id, name: department.name },
    })
    .from(user)
    .innerJoin(role, eq(role.id, user.roleId))
    .innerJoin(kardex, eq(kardex.userId, user.id))
    .innerJoin(branch, eq(branch.id, kardex.branchId))
    .innerJoin(jobPosition, eq(jobPosition.id, kardex.jobPositionId))
    .innerJoin(department, eq(department.id, jobPosition.departmentId))
    .where(where);
  if (!row) return undefined;
  const kardexId = row.kardex.id;
  // One query after the other: inside a transaction they share one connection.
  const phones = await executor
    .select({ phone: kardexPhone.phone })
    .from(kardexPhone)
    .where(eq(kardexPhone.kardexId, kardexId))
    .orderBy(asc(kardexPhone.id));
  const [address] = await executor
    .select()
    .from(kardexAddress)
    .where(eq(kardexAddress.kardexId, kardexId));
  const [bank] = await executor
    .select()
    .from(kardexBankInformation)
    .where(eq(kardexBankInformation.kardexId, kardexId));
  const [personal] = await executor
    .select()
    .from(kardexPersonalData)
    .where(eq(kardexPersonalData.kardexId, kardexId));
  const contacts = await executor
    .select()
    .from(kardexContact)
    .where(eq(kardexContact.kardexId, kardexId))
    .orderBy(asc(kardexContact.id));
  const references = await executor
    .select()
    .from(kardexJobReference)
    .where(eq(kardexJobReference.kardexId, kardexId))
    .orderBy(asc(kardexJobReference.id));
  const signatures = await signaturesOf(executor, [kardexId]);
  const mine = signatures.get(kardexId) ?? [];
  const { user: person, kardex: file } = row;
  return {
    id: person.id,
    name: person.name,
    lastName: person.lastName,
    motherLastName: person.motherLastName,
    username: person.username,
    roleId: person.roleId,
    role: { id: person.roleId, role: row.roleName },
    roleKey: row.roleKey,
    status: person.status as StaffRecord['status'],
    createdAt: person.createdAt.toISOString(),
    kardex: {
      id: file.id,
      employeeNumber: file.employeeNumber,
      jobPositionId: file.jobPositionId,
      branchId: file.branchId,
      mainBranch: { id: file.branchId, name: row.branchName },
      jobPosition: { ...row.position, department: row.department },
      birthdate: file.birthdate,
      admissionDate: file.admissionDate,
      workShift: file.workShift as StaffRecord['kardex']['workShift'],
      departureDate: file.departureDate,
      reentryDate: file.reentryDate,
      photo: file.photo ? { name: file.photo } : null,
      phones,
      address: address
        ? {
            address: address.address,
            state: address.state,
            city: address.city,
            addressINE: address.addressINE,
            stateINE: address.stateINE,
            cityINE: address.cityINE,
          }
        : null,
      bankInformation: bank
        ? {
            salary: Number(bank.salary),
            bankAccount: bank.bankAccount,
            isr: bank.isr === null ? null : Number(bank.isr),
          }
        : null,
      personalData: personal ? personalDataOf(personal) : null,
      contacts: contacts.map(({ name, relationships, phone, main }) => ({
        name,
        relationships,
        phone,
        main: zeroOne(main),
      })),
      jobReferences: references.map(({ company, position, boss, phone, main }) => ({
        company,
        position,
        boss,
        phone,
        main: zeroOne(main),
      })),
      signatures: mine,
    },
    contract: contractLabel(mine),
  };
}

type PersonalData = NonNullable<StaffRecord['kardex']['personalData']>;

function personalDataOf(row: typeof kardexPersonalData.$inferSelect): PersonalData {
  const { id: _id, kardexId: _kardexId, ...fields } = row;
  return {
    ...fields,
    gender: fields.gender as PersonalData['gender'],
    maritalStatus: fields.maritalStatus as PersonalData['maritalStatus'],
    educationalDegree: fields.educationalDegree as PersonalData['educationalDegree'],
    bloodType: fields.bloodType as PersonalData['bloodType'],
    infonavit: zeroOne(fields.infonavit),
  };
}

/** The contract signatures of several files at once (a list page), by kardex id. */
export async function signaturesOf(
  executor: Executor,
  kardexIds: number[],
): Promise<Map<number, { number: number; date: string }[]>> {
  const byKardex = new Map<number, { number: number; date: string }[]>();
  if (kardexIds.length === 0) return byKardex;
  const rows = await executor
    .select({
      kardexId: kardexSignature.kardexId,
      number: kardexSignature.number,
      date: kardexSignature.date,
    })
    .from(kardexSignature)
    .where(inArray(kardexSignature.kardexId, kardexIds))
    .orderBy(asc(kardexSignature.number));
  for (const { kardexId, ...signature } of rows) {
    const list = byKardex.get(kardexId) ?? [];
    list.push(signature);
    byKardex.set(kardexId, list);
  }
  return byKardex;
}

/**
 * The audit view of a record: one key per field (`kardex.address`, `kardex.signatures`, …), so
 * the log's `changes` name exactly what changed rather than the whole file.
 */
export function auditView(record: StaffRecord | null): Record<string, unknown> | null {
  if (!record) return null;
  const { kardex: file } = record;
  return {
    name: record.name,
    lastName: record.lastName,
    motherLastName: record.motherLastName,
    username: record.username,
    // Relations by name, so the history never shows a role or a branch as a number.
    roleId: record.role.role,
    status: record.status,
    'kardex.employeeNumber': file.employeeNumber,
    'kardex.jobPositionId': file.jobPosition.name,
    'kardex.branchId': file.mainBranch.name,
    'kardex.birthdate': file.birthdate,
    'kardex.admissionDate': file.admissionDate,
    'kardex.workShift': file.workShift,
    'kardex.departureDate': file.departureDate,
    'kardex.reentryDate': file.reentryDate,
    'kardex.photo': file.photo?.name ?? null,
    'kardex.phones': file.phones,
    'kardex.address': file.address,
    'kardex.bankInformation': file.bankInformation,
    'kardex.personalData': file.personalData,
    'kardex.contacts': file.contacts,
    'kardex.jobReferences': file.jobReferences,
    'kardex.signatures': file.signatures,
  };
}
