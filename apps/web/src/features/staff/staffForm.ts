import { z } from 'zod';
import {
  IMAGE_EXTENSIONS,
  MAX_IMAGE_BYTES,
  createStaffBody,
  isrRequired,
  msg,
  staffBodyFrom,
  staffMessages,
  updateStaffBody,
  type StaffRecord,
} from '@clinica/domain';
import { todayInBranch } from '../../shared/format';
import { maskPhone } from '../../shared/phone';
import type { FieldPath } from '../../shared/form/zodRules';

/**
 * The seven-step staff form's model. Its values have the request body's shape, so the domain
 * schema's paths are the form's field names and the server's `details` land on their fields.
 * The form always holds a main and a secondary contact and reference, four contract rows and the
 * chosen photo; before validating, blank secondary rows, unsigned contracts and the photo (which
 * travels in its own call) are left out.
 */

type Row = Record<string, unknown>;

const blank = (value: unknown) =>
  value === undefined || value === null || String(value).trim() === '';
const isBlankRow = (row: Row, keys: string[]) => keys.every((key) => blank(row[key]));

export function cleanStaffValues(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const { photo: _photo, currentPhoto: _currentPhoto, ...values } = input as Row;
  const kardex = values.kardex as Row | undefined;
  if (!kardex) return values;
  const secondaryBlank =
    (keys: string[]) =>
    (row: Row, index: number): boolean =>
      index === 0 || !isBlankRow(row, keys);
  return {
    ...values,
    kardex: {
      ...kardex,
      contacts: Array.isArray(kardex.contacts)
        ? (kardex.contacts as Row[]).filter(secondaryBlank(['name', 'relationships', 'phone']))
        : kardex.contacts,
      jobReferences: Array.isArray(kardex.jobReferences)
        ? (kardex.jobReferences as Row[]).filter(
            secondaryBlank(['company', 'position', 'boss', 'phone']),
          )
        : kardex.jobReferences,
      signatures: Array.isArray(kardex.signatures)
        ? (kardex.signatures as Row[]).filter((row, index) => index === 0 || !blank(row.date))
        : kardex.signatures,
    },
  };
}

export const createStaffForm = z.preprocess(cleanStaffValues, createStaffBody);
export const updateStaffForm = z.preprocess(cleanStaffValues, updateStaffBody);

const k = (...path: (string | number)[]): FieldPath => ['kardex', ...path];
const contactFields = (index: number) =>
  ['name', 'relationships', 'phone'].map((field) => k('contacts', index, field));
const referenceFields = (index: number) =>
  ['company', 'position', 'boss', 'phone'].map((field) => k('jobReferences', index, field));

/** The fields each step checks before going on (spec 000 §5, by step). */
export const STEP_FIELDS: Record<string, FieldPath[]> = {
  Usuario: [
    ['photo'],
    ['name'],
    ['lastName'],
    ['motherLastName'],
    ['username'],
    ['roleId'],
    ['status'],
  ],
  Iniciales: [
    k('employeeNumber'),
    k('branchId'),
    k('workShift'),
    k('jobPositionId'),
    k('birthdate'),
    k('phones', 0, 'phone'),
    k('bankInformation', 'salary'),
    k('bankInformation', 'bankAccount'),
    k('bankInformation', 'isr'),
    k('admissionDate'),
    k('departureDate'),
    k('reentryDate'),
  ],
  Personales: [
    'gender',
    'maritalStatus',
    'nationality',
    'birthState',
    'birthCity',
    'nss',
    'curp',
    'rfc',
    'ocr',
    'infonavit',
    'educationalDegree',
    'profession',
    'professionalLicense',
    'provisionalProfesionalLicense',
    'childrens',
    'email',
    'bloodType',
    'diseases',
    'allergies',
    'drugAllergies',
  ].map((field) => k('personalData', field)),
  Domicilio: ['address', 'state', 'city', 'addressINE', 'stateINE', 'cityINE'].map((field) =>
    k('address', field),
  ),
  Contactos: [...contactFields(0), ...contactFields(1)],
  Referencias: [...referenceFields(0), ...referenceFields(1)],
  Contratos: [0, 1, 2, 3].map((index) => k('signatures', index, 'date')),
};

export const STEP_TITLES = Object.keys(STEP_FIELDS);

const contactRow = (main: 0 | 1) => ({ name: '', relationships: '', phone: '', main });
const referenceRow = (main: 0 | 1) => ({ company: '', position: '', boss: '', phone: '', main });
const signatureRows = (signatures: { number: number; date: string }[] = []) =>
  [1, 2, 3, 4].map((number) => ({
    number,
    date: signatures.find((signature) => signature.number === number)?.date ?? null,
  }));

/** A new employee: Mexican nationality by default (spec 000 §5), one phone, empty parts and rows. */
export function newStaffValues(branchId: number | null) {
  return {
    photo: null,
    kardex: {
      branchId: branchId ?? undefined,
      phones: [{ phone: '' }],
      // An empty address, not none: the schema then names each empty field of the Domicilio step
      // instead of one issue at `kardex.address` that no field shows (and the step let through).
      address: {},
      bankInformation: { isr: null },
      personalData: { nationality: 'Mexicana', infonavit: 0 },
      contacts: [contactRow(1), contactRow(0)],
      jobReferences: [referenceRow(1), referenceRow(0)],
      signatures: signatureRows(),
    },
  };
}

/** A stored employee as the form holds it: masked phones, both rows of each list, four contracts. */
export function staffValuesFrom(record: StaffRecord) {
  const body = staffBodyFrom(record);
  const kardex = body.kardex ?? {};
  const withMainFirst = <T extends { main: unknown }>(rows: T[]) =>
    [...rows].sort((a, b) => Number(b.main) - Number(a.main));
  const contacts = withMainFirst(kardex.contacts ?? []).map((row) => ({
    ...row,
    phone: maskPhone(row.phone),
  }));
  const references = withMainFirst(kardex.jobReferences ?? []).map((row) => ({
    ...row,
    phone: maskPhone(row.phone),
  }));
  return {
    ...body,
    photo: null,
    currentPhoto: record.kardex.photo?.name ?? null,
    kardex: {
      ...kardex,
      phones: (kardex.phones ?? [{ phone: '' }]).map((row) => ({ phone: maskPhone(row.phone) })),
      contacts: [contacts[0] ?? contactRow(1), contacts[1] ?? contactRow(0)],
      jobReferences: [references[0] ?? referenceRow(1), references[1] ?? referenceRow(0)],
      signatures: signatureRows(kardex.signatures ?? []),
    },
  };
}

/** The photo's checks before it is chosen (spec 000 §5): type and the 1 MB limit. */
export function photoProblem(file: { name: string; size: number }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return staffMessages.imageType;
  if (file.size >= MAX_IMAGE_BYTES) return staffMessages.imageTooLarge;
  return null;
}

/** antd rules that need more than the body's schema: the photo, ISR, dates not in the future. */
export const extraRules = {
  photo: (required: boolean) => ({
    validator: async (_: unknown, file: File | null | undefined) => {
      if (!file) {
        if (required) throw new Error(staffMessages.imageRequired);
        return;
      }
      const problem = photoProblem(file);
      if (problem) throw new Error(problem);
    },
  }),
  isr: (positionName: string | undefined) => ({
    validator: async (_: unknown, value: number | null | undefined) => {
      if (positionName && isrRequired(positionName) && (value === null || value === undefined))
        throw new Error(msg.required('ISR'));
    },
  }),
  notFuture: (label: string) => ({
    validator: async (_: unknown, value: string | null | undefined) => {
      if (value && value > todayInBranch()) throw new Error(staffMessages.futureDate(label));
    },
  }),
};
