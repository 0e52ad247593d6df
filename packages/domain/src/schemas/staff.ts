import { z } from 'zod';
import {
  BLOOD_TYPES,
  EDUCATION_LEVELS,
  GENDERS,
  MARITAL_STATUSES,
  USER_STATUSES,
  WORK_SHIFTS,
} from '../constants';
import {
  fieldLabels,
  labelled,
  CURP_RE,
  date,
  email,
  id,
  money,
  optionalText,
  password,
  phone,
  pin,
  requiredOr,
  text,
} from '../fields';
import { msg } from '../messages';
import { listQuery, ref } from './common';

/**
 * Staff (spec 000 §3, §5, §7): the user and their employee file (kardex), as `POST /user/create`
 * and `PUT /user/{id}/update` take them and the seven-step form validates them in the browser.
 * Rules that need the server's clock or database (no future dates against today, ISR by the job
 * position's name) are pure functions here too, so both sides apply the same rule.
 */

export const staffMessages = {
  digitsOnly: (label: string) => `El campo ${label} solo admite dígitos`,
  futureDate: (label: string) => `El campo ${label} no puede ser una fecha futura`,
  mainContact: 'Debe haber exactamente un contacto principal',
  secondaryContact: 'Solo se permite un contacto secundario',
  mainReference: 'Debe haber exactamente una referencia laboral principal',
  secondaryReference: 'Solo se permite una referencia laboral secundaria',
  firstSignature: 'La firma del contrato 1 es obligatoria',
  repeatedSignature: 'El número de contrato está repetido',
  editOnly: (label: string) => `El campo ${label} solo se captura al editar`,
  statusOnCreate:
    'El estatus solo se puede cambiar al editar; un usuario nuevo siempre está activo',
  imageTooLarge: 'La imagen debe pesar menos de 1 MB',
  imageTooManyPixels: 'La imagen debe tener como máximo 40 megapíxeles',
  imageType: 'La imagen debe ser png, jpg, jpeg, webp o gif',
  imageRequired: 'Selecciona una imagen',
  imageOnlyOne: 'Un usuario admite una sola foto',
  imageDamaged: 'El archivo no es una imagen válida',
} as const;

/** RFC of a natural person (persona física): 13 characters, the last three the homoclave. */
export const RFC_PERSON_RE = /^[A-ZÑ&]{4}\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[A-Z\d]{2}[A\d]$/;

/** 1, 2 and 3 are fixed-term contracts; 4 is the indefinite ('Final') one (spec 000 §9). */
export const FINAL_CONTRACT = 4;
export const MAX_IMAGE_BYTES = 1_048_576;
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'gif'] as const;

/** Absent keeps the stored value; null or '' clears it. */
function optionalDate(label: string) {
  return z.preprocess((value) => (value === '' ? null : value), date(label).nullable()).optional();
}

/** A field the create form does not show: absent or null, else a message saying so. */
function editOnly(label: string) {
  return z
    .null({ error: staffMessages.editOnly(label) })
    .optional()
    .transform(() => null);
}

function digits(label: string, options: { max?: number; length?: number }) {
  return z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    text(label, options).pipe(z.string().regex(/^\d+$/, staffMessages.digitsOnly(label))),
  );
}

function oneOf<T extends readonly [string, ...string[]]>(label: string, values: T) {
  return labelled(z.enum(values, { error: requiredOr(label, msg.option(label)) }), label);
}

/** A 0/1 flag as the specification sends it; booleans are accepted too. */
function flag(label: string) {
  return z
    .union([z.literal(0), z.literal(1), z.boolean()], {
      error: requiredOr(label, msg.option(label)),
    })
    .transform((value) => (value === true || value === 1 ? 1 : 0))
    .register(fieldLabels, { label });
}

function count(label: string, max: number) {
  return z
    .number({ error: requiredOr(label, msg.number(label)) })
    .int(msg.integer(label))
    .min(0, msg.minValue(label, 0))
    .max(max, msg.maxValue(label, max))
    .register(fieldLabels, { label });
}

/**
 * A part of the employee file (address, bank information…): left out, it is 'El campo X es
 * obligatorio' like any field, not zod's English. Only a missing or mistyped part takes this map;
 * unknown keys inside it keep theirs (the server names each one).
 */
function part<Shape extends z.ZodRawShape>(label: string, shape: Shape) {
  return labelled(
    z.strictObject(shape, {
      error: (issue) =>
        issue.code === 'invalid_type' ? requiredOr(label, msg.option(label))(issue) : undefined,
    }),
    label,
  );
}

export const staffAddress = part('Domicilio', {
  address: text('Domicilio', { max: 255 }),
  state: text('Estado', { max: 50 }),
  city: text('Ciudad', { max: 50 }),
  addressINE: text('Domicilio INE', { max: 255 }),
  stateINE: text('Estado INE', { max: 50 }),
  cityINE: text('Ciudad INE', { max: 50 }),
});

export const staffBankInformation = part('Información bancaria', {
  salary: money('Sueldo', 1).max(9_999_999_999.99, msg.maxValue('Sueldo', 9_999_999_999.99)),
  bankAccount: digits('Cuenta bancaria', { max: 18 }),
  isr: labelled(
    z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      z
        .number({ error: () => msg.number('ISR') })
        .min(0, msg.minValue('ISR', 0))
        .max(100, msg.maxValue('ISR', 100))
        .nullable(),
    ),
    'ISR',
  ),
});

export const staffPersonalData = part('Datos personales', {
  gender: oneOf('Género', GENDERS),
  maritalStatus: oneOf('Estado civil', MARITAL_STATUSES),
  nationality: text('Nacionalidad', { max: 50 }),
  birthState: text('Estado de nacimiento', { max: 50 }),
  birthCity: text('Ciudad de nacimiento', { max: 50 }),
  nss: digits('NSS', { length: 11 }),
  curp: text('CURP').toUpperCase().pipe(z.string().regex(CURP_RE, msg.curp)),
  rfc: text('RFC').toUpperCase().pipe(z.string().regex(RFC_PERSON_RE, msg.rfc)),
  ocr: text('OCR', { min: 12, max: 13 }),
  infonavit: flag('Infonavit'),
  educationalDegree: oneOf('Grado de estudios', EDUCATION_LEVELS),
  profession: text('Profesión', { max: 50 }),
  professionalLicense: optionalText('Cédula profesional', { min: 7, max: 30 }),
  provisionalProfesionalLicense: optionalText('Cédula provisional', { min: 7, max: 30 }),
  childrens: count('Hijos', 30),
  email: email('Correo personal', 100),
  bloodType: oneOf('Tipo de sangre', BLOOD_TYPES),
  diseases: text('Enfermedades', { max: 255 }),
  allergies: text('Alergias', { max: 255 }),
  drugAllergies: text('Alergias a medicamentos', { max: 255 }),
});

export const staffContact = z.strictObject({
  name: text('Nombre del contacto', { max: 100 }),
  relationships: text('Parentesco', { max: 50 }),
  phone: phone('Teléfono del contacto'),
  main: flag('Principal'),
});

export const staffJobReference = z.strictObject({
  company: text('Empresa', { max: 80 }),
  position: text('Puesto', { max: 80 }),
  boss: text('Jefe inmediato', { max: 80 }),
  phone: phone('Teléfono de la referencia'),
  main: flag('Principal'),
});

/** One main entry and at most one secondary (contacts and job references, spec 000 §5). */
function mainAndSecondary<T extends z.ZodType<{ main: number }>>(
  item: T,
  label: string,
  messages: { main: string; secondary: string },
) {
  return labelled(
    z.array(item, { error: () => msg.required(label) }).superRefine((entries, ctx) => {
      const main = entries.filter((entry) => entry.main === 1).length;
      if (main !== 1) ctx.addIssue({ code: 'custom', message: messages.main });
      if (entries.length - main > 1) ctx.addIssue({ code: 'custom', message: messages.secondary });
    }),
    label,
  );
}

export const staffContacts = mainAndSecondary(staffContact, 'Contactos', {
  main: staffMessages.mainContact,
  secondary: staffMessages.secondaryContact,
});
export const staffJobReferences = mainAndSecondary(staffJobReference, 'Referencias', {
  main: staffMessages.mainReference,
  secondary: staffMessages.secondaryReference,
});

export const staffSignature = z.strictObject({
  number: labelled(
    z
      .number({ error: requiredOr('Número de contrato', msg.number('Número de contrato')) })
      .int(msg.integer('Número de contrato'))
      .min(1, msg.minValue('Número de contrato', 1))
      .max(FINAL_CONTRACT, msg.maxValue('Número de contrato', FINAL_CONTRACT)),
    'Número de contrato',
  ),
  date: date('Fecha de firma'),
});

export const staffSignatures = labelled(
  z
    .array(staffSignature, { error: () => msg.required('Firmas') })
    .superRefine((signatures, ctx) => {
      const seen = new Set<number>();
      signatures.forEach((signature, index) => {
        if (seen.has(signature.number))
          ctx.addIssue({
            code: 'custom',
            path: [index, 'number'],
            message: staffMessages.repeatedSignature,
          });
        seen.add(signature.number);
      });
      if (!seen.has(1)) ctx.addIssue({ code: 'custom', message: staffMessages.firstSignature });
    }),
  'Firmas de contrato',
);

export const staffPhones = labelled(
  z
    .array(z.strictObject({ phone: phone() }), { error: () => msg.required('Teléfono') })
    .min(1, msg.required('Teléfono'))
    .max(5, 'Se permiten máximo 5 teléfonos'),
  'Teléfonos',
);

const kardexFields = {
  employeeNumber: digits('Número de empleado', { max: 6 }),
  jobPositionId: id('Puesto'),
  branchId: id('Sucursal'),
  birthdate: date('Fecha de nacimiento'),
  admissionDate: date('Fecha de ingreso'),
  workShift: oneOf('Turno', WORK_SHIFTS),
  phones: staffPhones,
  address: staffAddress,
  bankInformation: staffBankInformation,
  personalData: staffPersonalData,
  contacts: staffContacts,
  jobReferences: staffJobReferences,
  signatures: staffSignatures,
};

const userFields = {
  name: text('Nombre', { max: 50 }),
  lastName: text('Apellido paterno', { min: 2, max: 50 }),
  motherLastName: text('Apellido materno', { min: 2, max: 50 }),
  username: email('Usuario', 100),
  roleId: id('Rol'),
  /** Optional: without it the account gets a random password and is set by the reset e-mail. */
  password: password('Contraseña').optional(),
  /** Optional 4-digit PIN for the quick sign-in. */
  pin: pin('PIN').optional(),
};

/** `POST /user/create`. Status is always activo on create; departure and re-entry are edit-only. */
export const createStaffBody = z.strictObject({
  ...userFields,
  status: z
    .literal('activo', { error: staffMessages.statusOnCreate })
    .optional()
    .transform(() => 'activo' as const),
  kardex: part('Expediente', {
    ...kardexFields,
    departureDate: editOnly('Fecha de baja'),
    reentryDate: editOnly('Fecha de reingreso'),
  }),
});
export type CreateStaffBody = z.input<typeof createStaffBody>;
export type CreateStaff = z.output<typeof createStaffBody>;

/**
 * `PUT /user/{id}/update`: the create's body where every field may be left out and keeps its
 * stored value (CONTRACT §2); a nested part that is sent (address, a list) replaces the stored one.
 */
export const updateStaffBody = z.strictObject({
  name: userFields.name.optional(),
  lastName: userFields.lastName.optional(),
  motherLastName: userFields.motherLastName.optional(),
  username: userFields.username.optional(),
  roleId: userFields.roleId.optional(),
  password: userFields.password,
  pin: userFields.pin,
  status: oneOf('Estatus', USER_STATUSES).optional(),
  kardex: part('Expediente', {
    employeeNumber: kardexFields.employeeNumber.optional(),
    jobPositionId: kardexFields.jobPositionId.optional(),
    branchId: kardexFields.branchId.optional(),
    birthdate: kardexFields.birthdate.optional(),
    admissionDate: kardexFields.admissionDate.optional(),
    workShift: kardexFields.workShift.optional(),
    departureDate: optionalDate('Fecha de baja'),
    reentryDate: optionalDate('Fecha de reingreso'),
    phones: kardexFields.phones.optional(),
    address: kardexFields.address.optional(),
    bankInformation: kardexFields.bankInformation.optional(),
    personalData: kardexFields.personalData.optional(),
    contacts: kardexFields.contacts.optional(),
    jobReferences: kardexFields.jobReferences.optional(),
    signatures: kardexFields.signatures.optional(),
  }).optional(),
});
export type UpdateStaffBody = z.input<typeof updateStaffBody>;
export type UpdateStaff = z.output<typeof updateStaffBody>;

/** ISR is asked only of medics: job positions whose name starts with 'Médico' (spec 000 §5). */
export function isrRequired(jobPositionName: string): boolean {
  return jobPositionName.startsWith('Médico');
}

export interface StaffFieldError {
  field: string;
  message: string;
}

/**
 * The dates that cannot be in the future (birth, contract signatures), checked against
 * `today` (YYYY-MM-DD in the branch's zone): the server passes its clock, the form the browser's.
 */
export function futureDateErrors(
  kardex: {
    birthdate?: string;
    admissionDate?: string;
    signatures?: { number: number; date: string }[];
  },
  today: string,
): StaffFieldError[] {
  const errors: StaffFieldError[] = [];
  if (kardex.birthdate && kardex.birthdate > today)
    errors.push({
      field: 'kardex.birthdate',
      message: staffMessages.futureDate('Fecha de nacimiento'),
    });
  // An admission date may be ahead: upcoming hires are registered before their first day.
  kardex.signatures?.forEach((signature, index) => {
    if (signature.date > today)
      errors.push({
        field: `kardex.signatures.${index}.date`,
        message: staffMessages.futureDate('Fecha de firma'),
      });
  });
  return errors;
}

/** 'Contrato N - DD-MM-YYYY' for the highest contract signed, N being 'Final' for 4 (spec 000 §4). */
export function contractLabel(signatures: { number: number; date: string }[]): string | null {
  const current = signatures.reduce<{ number: number; date: string } | null>(
    (best, signature) => (best === null || signature.number > best.number ? signature : best),
    null,
  );
  if (!current) return null;
  const [year, month, day] = current.date.split('-');
  const number = current.number === FINAL_CONTRACT ? 'Final' : String(current.number);
  return `Contrato ${number} - ${day}-${month}-${year}`;
}

/** `GET /user`: the list query plus its filters; status also takes the words activo/inactivo. */
export const staffListQuery = listQuery.extend({
  status: z
    .enum(['0', '1', 'activo', 'inactivo'], {
      error: 'El estatus debe ser 1, 0, activo o inactivo',
    })
    .optional()
    .transform((value) =>
      value === 'activo' ? ('1' as const) : value === 'inactivo' ? ('0' as const) : value,
    ),
  branchId: id('Sucursal').optional(),
  roleId: id('Rol').optional(),
});

/** `GET /user/doctors/`, `GET /user/cosmetologists/`. */
export const staffByRoleQuery = z.object({ branchId: id('Sucursal').optional() });

const zeroOne = z.union([z.literal(0), z.literal(1)]);
const signatureAnswer = z.object({ number: z.number().int(), date: z.string() });
const roleRef = z.object({ id: z.number().int(), role: z.string() });
const photoRef = z.object({ name: z.string() }).nullable();

export const staffListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  lastName: z.string(),
  motherLastName: z.string(),
  username: z.string(),
  status: z.enum(USER_STATUSES),
  role: roleRef,
  kardex: z.object({
    id: z.number().int(),
    employeeNumber: z.string(),
    mainBranch: ref,
    jobPosition: ref,
    photo: photoRef,
    signatures: z.array(signatureAnswer),
  }),
  /** 'Contrato N - DD-MM-YYYY' (N 'Final' for 4), null without signatures. */
  contract: z.string().nullable(),
});
export type StaffListItem = z.infer<typeof staffListItem>;

/** `GET /user/{id}`: the whole record, nested; its parts have the body's shape (no ids). */
export const staffRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  lastName: z.string(),
  motherLastName: z.string(),
  username: z.string(),
  roleId: z.number().int(),
  role: roleRef,
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
  kardex: z.object({
    id: z.number().int(),
    employeeNumber: z.string(),
    jobPositionId: z.number().int(),
    branchId: z.number().int(),
    mainBranch: ref,
    jobPosition: ref.extend({ department: ref }),
    birthdate: z.string(),
    admissionDate: z.string(),
    workShift: z.enum(WORK_SHIFTS),
    departureDate: z.string().nullable(),
    reentryDate: z.string().nullable(),
    photo: photoRef,
    phones: z.array(z.object({ phone: z.string() })),
    address: staffAddress.nullable(),
    bankInformation: z
      .object({ salary: z.number(), bankAccount: z.string(), isr: z.number().nullable() })
      .nullable(),
    personalData: z
      .object({
        gender: z.enum(GENDERS),
        maritalStatus: z.enum(MARITAL_STATUSES),
        nationality: z.string(),
        birthState: z.string(),
        birthCity: z.string(),
        nss: z.string(),
        curp: z.string(),
        rfc: z.string(),
        ocr: z.string(),
        infonavit: zeroOne,
        educationalDegree: z.enum(EDUCATION_LEVELS),
        profession: z.string(),
        professionalLicense: z.string().nullable(),
        provisionalProfesionalLicense: z.string().nullable(),
        childrens: z.number().int(),
        email: z.string(),
        bloodType: z.enum(BLOOD_TYPES),
        diseases: z.string(),
        allergies: z.string(),
        drugAllergies: z.string(),
      })
      .nullable(),
    contacts: z.array(
      z.object({
        name: z.string(),
        relationships: z.string(),
        phone: z.string(),
        main: zeroOne,
      }),
    ),
    jobReferences: z.array(
      z.object({
        company: z.string(),
        position: z.string(),
        boss: z.string(),
        phone: z.string(),
        main: zeroOne,
      }),
    ),
    signatures: z.array(signatureAnswer),
  }),
  contract: z.string().nullable(),
});
export type StaffRecord = z.infer<typeof staffRecord>;

/** The update body that leaves a stored record as it is: what the edit form starts from. */
export function staffBodyFrom(record: StaffRecord): UpdateStaffBody {
  const { kardex } = record;
  return {
    name: record.name,
    lastName: record.lastName,
    motherLastName: record.motherLastName,
    username: record.username,
    roleId: record.roleId,
    status: record.status,
    kardex: {
      employeeNumber: kardex.employeeNumber,
      jobPositionId: kardex.jobPositionId,
      branchId: kardex.branchId,
      birthdate: kardex.birthdate,
      admissionDate: kardex.admissionDate,
      workShift: kardex.workShift,
      departureDate: kardex.departureDate,
      reentryDate: kardex.reentryDate,
      phones: kardex.phones,
      ...(kardex.address ? { address: kardex.address } : {}),
      ...(kardex.bankInformation ? { bankInformation: kardex.bankInformation } : {}),
      ...(kardex.personalData ? { personalData: kardex.personalData } : {}),
      contacts: kardex.contacts.map((contact) => ({
        ...contact,
        main: contact.main === 1 ? 1 : 0,
      })),
      jobReferences: kardex.jobReferences.map((reference) => ({
        ...reference,
        main: reference.main === 1 ? 1 : 0,
      })),
      signatures: kardex.signatures,
    },
  };
}

/** `GET /user/doctors/` and `/user/cosmetologists/`. */
export const staffOption = z.object({
  id: z.number().int(),
  name: z.string(),
  lastName: z.string(),
  motherLastName: z.string(),
  employeeNumber: z.string(),
  branch: ref,
});

export const staffPhotoAnswer = z.object({
  id: z.number().int(),
  photo: z.object({ name: z.string() }),
});
