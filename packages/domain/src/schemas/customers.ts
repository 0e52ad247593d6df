import { z } from 'zod';
import { GENDERS } from '../constants';
import {
  date,
  email,
  filterText,
  id,
  labelled,
  optionalText,
  phone,
  requiredOr,
  text,
} from '../fields';
import { msg } from '../messages';
import { flag01, photoRef } from './catalogue-fields';
import { listQuery } from './common';
import { customerCashOrder } from './cash-orders';
import { customerOrder, purchasedProductRecord } from './orders';

/** Customers and their notes (spec 002 §3, §5; CONTRACT §10). */

/** A customer's marital status (spec 002 §3; staff have more options). */
export const CUSTOMER_MARITAL_STATUSES = [
  'Soltero',
  'Casado',
  'Viudo',
  'Divorciado',
  'Otro',
] as const;
export const NOTE_TYPES = ['General', 'Clínica', 'Seguimiento', 'Queja'] as const;
export const LOYALTY_SCALES = ['bronze', 'silver', 'gold', 'platinum', 'diamond'] as const;
/** Customer list page size (spec 002 §9). */
export const CUSTOMER_PAGE_SIZES = [5, 15, 30, 45, 60] as const;

const choice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    labelled(z.enum(values, { error: () => msg.option(label) }), label).nullable(),
  );

/** A phone that may be left empty: '' or null is none, else 10 digits after the mask is stripped. */
const optionalPhone = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    phone(label).nullable(),
  );

/** An e-mail that may be left empty; sent as null when empty (spec 002 §5). */
const optionalEmail = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    email(label, 100).nullable(),
  );

const optionalId = (label: string) =>
  z.preprocess((value) => (value === '' || value === 0 ? null : value), id(label).nullable());

const customerFields = {
  name: text('Nombre', { max: 50 }),
  lastName: text('Apellido paterno', { max: 50 }),
  motherLastName: optionalText('Apellido materno', { max: 50 }).optional(),
  gender: choice(GENDERS, 'Género').optional(),
  birthday: date('Fecha de nacimiento'),
  phone: optionalPhone('Teléfono').optional(),
  mobilePhone: optionalPhone('Celular').optional(),
  email: optionalEmail('Correo electrónico').optional(),
  maritalStatus: choice(CUSTOMER_MARITAL_STATUSES, 'Estado civil').optional(),
  originCountry: optionalText('País de origen', { max: 50 }).optional(),
  reference: optionalText('Referencia', { max: 100 }).optional(),
  isTutor: flag01('Es tutor').optional(),
  tutorId: optionalId('Tutor').optional(),
  relationship: optionalText('Parentesco', { max: 50 }).optional(),
  registryBranchId: optionalId('Sucursal de registro').optional(),
};

/** POST /customer/create: status and blackList are not accepted here (CONTRACT §10). */
export const customerBody = z.strictObject(customerFields);

/** PUT /customer/{id}/update: any field, plus the status and blacklist switches. */
export const customerUpdateBody = z
  .strictObject({
    ...customerFields,
    status: flag01('Estatus').optional(),
    blackList: flag01('Lista negra').optional(),
  })
  .partial();

const flagQuery = (label: string) =>
  z.enum(['0', '1'], { error: `${label} debe ser 0 o 1` }).optional();

/** GET /customer: the tutor picker sends isTutor=1 and blackList=0 (spec 002 §7). */
export const customerQuery = listQuery.extend({
  isTutor: flagQuery('isTutor'),
  blackList: flagQuery('blackList'),
  registryBranchId: id('Sucursal de registro').optional(),
  gender: z.enum(GENDERS, { error: () => msg.option('Género') }).optional(),
  /** Only customers of 18 or more on the branch's today (the tutor picker). */
  adult: flagQuery('adult'),
});

/** GET /customer/single: one of mobilePhone, email or customerId. */
export const customerSingleQuery = z
  .object({
    mobilePhone: z
      .string()
      .transform((value) => value.replace(/\D/g, ''))
      .optional(),
    email: filterText('Correo electrónico').trim().toLowerCase().optional(),
    customerId: id('Número de cliente').optional(),
  })
  .refine((query) => query.mobilePhone || query.email || query.customerId, {
    message: 'Indica el celular, el correo electrónico o el número de cliente',
    path: ['mobilePhone'],
  });

export const customerDetailQuery = z.object({
  purchasedProducts: z
    .enum(['true', 'false'], { error: 'purchasedProducts debe ser true o false' })
    .optional(),
});

const tutorRef = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  name: z.string(),
  lastName: z.string(),
  motherLastName: z.string().nullable(),
  mobilePhone: z.string().nullable(),
});

export const customerRecord = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  name: z.string(),
  lastName: z.string(),
  motherLastName: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  birthday: z.string(),
  phone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  email: z.string().nullable(),
  maritalStatus: z.enum(CUSTOMER_MARITAL_STATUSES).nullable(),
  originCountry: z.string().nullable(),
  reference: z.string().nullable(),
  isTutor: z.number().int(),
  tutorId: z.number().int().nullable(),
  tutor: tutorRef.nullable(),
  relationship: z.string().nullable(),
  status: z.boolean(),
  blackList: z.number().int(),
  points: z.number().int(),
  cancellations: z.number().int(),
  missedAppointments: z.number().int(),
  loyaltyScale: z.enum(LOYALTY_SCALES),
  registryBranch: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});

/** The detail adds the purchased products when asked (`purchasedProducts=true`). */
export const customerDetail = customerRecord.extend({
  purchasedProducts: z.array(purchasedProductRecord).optional(),
});

/** The orders and cash orders (CONTRACT §12) of a customer. */
export const customerOrdersAnswer = z.object({
  orders: z.array(customerOrder),
  cashOrders: z.array(customerCashOrder),
});

export const noteBody = z.strictObject({
  customerId: id('Cliente'),
  noteType: labelled(
    z.enum(NOTE_TYPES, { error: requiredOr('Tipo de nota', msg.option('Tipo de nota')) }),
    'Tipo de nota',
  ),
  title: text('Título', { max: 100 }),
  note: text('Nota', { max: 2000 }),
});

export const noteQuery = listQuery.extend({ customerId: id('Cliente') });

export const noteRecord = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  noteType: z.enum(NOTE_TYPES),
  title: z.string(),
  note: z.string(),
  photo: photoRef.nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
});
