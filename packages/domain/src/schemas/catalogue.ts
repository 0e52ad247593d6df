import { z } from 'zod';
import { RFC_RE, date, email, id, labelled, optionalText, phone, text } from '../fields';
import { msg } from '../messages';
import { listQuery, ref } from './common';
import { flag01, idName, whole } from './catalogue-fields';

/**
 * The catalogue (spec 001 §2–§9; appliances of spec 002 §3, §5–§7): providers and appliances
 * here, products and treatments in their own files.
 */
export * from '../catalogue-math';
export * from './catalogue-fields';
export * from './catalogue-product';
export * from './catalogue-treatment';

/* Providers */

export const REGIMES = ['Moral', 'Fisica'] as const;

const digits = (label: string, max: number) =>
  optionalText(label, { max }).pipe(
    z.string().regex(/^\d+$/, `El campo ${label} solo admite dígitos`).nullable(),
  );

const optionalEmail = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    email(label, 100).nullable(),
  );

const providerFields = {
  name: text('Nombre', { max: 50 }),
  tradename: text('Nombre comercial', { max: 50 }),
  // The pattern fixes the length (12 or 13), so any RFC outside it, a long one included, answers
  // 'RFC Inválido' (spec 001 §5) rather than a length message.
  rfc: text('RFC')
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(RFC_RE, msg.rfc)),
  regime: labelled(
    z.enum(REGIMES, {
      error: (issue) =>
        issue.input === undefined ? msg.required('Régimen') : msg.option('Régimen'),
    }),
    'Régimen',
  ),
  address: optionalText('Dirección', { max: 50 }).optional(),
  city: optionalText('Ciudad', { max: 50 }).optional(),
  state: optionalText('Estado', { max: 50 }).optional(),
  country: optionalText('País', { max: 50 }).optional(),
  // Up to 5 digits; too long or not digits is one message, 'Longitud inválida' (spec 001 §5, §8).
  zipCode: optionalText('Código postal')
    .pipe(
      z
        .string()
        .regex(/^\d{1,5}$/, msg.lengthInvalid)
        .nullable(),
    )
    .optional(),
  email: optionalEmail('Correo electrónico').optional(),
  phone: phone('Teléfono'),
  contactName: text('Nombre de contacto', { max: 50 }),
  mobilePhone: phone('Celular'),
  payConditions: whole('Condiciones de pago (días)'),
  deliveryTime: optionalText('Tiempo de entrega', { max: 50 }).optional(),
  bank: optionalText('Banco', { max: 50 }).optional(),
  clabeAccount: digits('CLABE', 18).optional(),
  bankAccount: digits('Cuenta bancaria', 20).optional(),
};

/** POST /provider/create (spec 001 §3, §5): phones are stored as digits only. */
export const providerBody = z.strictObject(providerFields);
export const providerUpdateBody = providerBody.partial();
export const providerQuery = listQuery;
export const providerRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  tradename: z.string(),
  rfc: z.string(),
  regime: z.enum(REGIMES),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  zipCode: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string(),
  contactName: z.string(),
  mobilePhone: z.string(),
  payConditions: z.number().int(),
  deliveryTime: z.string().nullable(),
  bank: z.string().nullable(),
  clabeAccount: z.string().nullable(),
  bankAccount: z.string().nullable(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});

/* Appliances (spec 002 §3, §5) */

export const APPLIANCE_STATUSES = [
  'Funcionando',
  'Averiado',
  'Con fallas',
  'En reparación',
] as const;

const applianceStatus = (label: string) =>
  labelled(
    z.enum(APPLIANCE_STATUSES, {
      error: (issue) => (issue.input === undefined ? msg.required(label) : msg.option(label)),
    }),
    label,
  );

/**
 * An appliance's `type` is the treatment type it serves (`typeId`), so the treatment form lists
 * the appliances of its type (`applianceType`). `status` is its condition; `active` the toggle.
 */
export const applianceBody = z.strictObject({
  typeId: id('Tipo'),
  name: text('Nombre', { max: 80 }),
  brand: text('Marca', { max: 60 }),
  model: text('Modelo', { max: 60 }),
  description: optionalText('Descripción', { max: 500 }).optional(),
  status: applianceStatus('Estatus').optional(),
  active: flag01('Activo').optional(),
});
export const applianceUpdateBody = applianceBody.partial();
export const applianceQuery = listQuery.extend({
  applianceType: id('Tipo').optional(),
  condition: z.enum(APPLIANCE_STATUSES, { error: msg.option('Estatus') }).optional(),
});
export const applianceRecord = z.object({
  id: z.number().int(),
  type: idName,
  name: z.string(),
  brand: z.string(),
  model: z.string(),
  description: z.string().nullable(),
  status: z.enum(APPLIANCE_STATUSES),
  active: z.boolean(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});

/**
 * Links an appliance to a branch (spec 002 §3, §5, §6). `sku` is the device number (unique: 400
 * code 1); `statusDescription` its condition; `status` the active toggle.
 */
export const branchApplianceBody = z.strictObject({
  applianceId: id('Aparato'),
  branchId: id('Sucursal').optional(),
  sku: text('SKU', { max: 30 }),
  statusDescription: applianceStatus('Descripción del estatus').optional(),
  lastMaintenance: date('Último mantenimiento').nullable().optional(),
  comments: optionalText('Comentarios', { max: 500 }).optional(),
  status: flag01('Estatus').optional(),
});
export const branchApplianceUpdateBody = branchApplianceBody.partial();
export const branchApplianceQuery = listQuery.extend({
  branchId: id('Sucursal').optional(),
  applianceId: id('Aparato').optional(),
});
export const branchApplianceRecord = z.object({
  id: z.number().int(),
  appliance: z.object({
    id: z.number().int(),
    name: z.string(),
    brand: z.string(),
    model: z.string(),
  }),
  branch: ref,
  sku: z.string(),
  statusDescription: z.enum(APPLIANCE_STATUSES),
  lastMaintenance: z.string().nullable(),
  comments: z.string().nullable(),
  status: z.boolean(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});
