import { z } from 'zod';
import { msg } from './messages';

/**
 * Field builders: each takes the Spanish label the screen shows, so the server's 400 `details`
 * and the browser's form errors say the same thing.
 */

/**
 * Absent, null or '' (an input the user emptied): the field was not filled in, whatever its type,
 * so it gets the required message of spec 000 §5 rather than a wrong-type one.
 */
export const isMissing = (input: unknown) => input === undefined || input === null || input === '';

/** An `error` map: 'El campo X es obligatorio' when nothing was given, else `wrong`. */
export const requiredOr =
  (label: string, wrong: string) =>
  (issue: { input?: unknown }): string =>
    isMissing(issue.input) ? msg.required(label) : wrong;

/** The largest value of a PostgreSQL `integer` column: ids, quantities, points, orders. */
export const MAX_INTEGER = 2_147_483_647;
/** The largest amount a `numeric(12, 2)` column holds: money. */
export const MAX_MONEY = 9_999_999_999.99;
/** The largest value a `numeric(7, 2)` column holds: percentages. */
export const MAX_PERCENT = 99_999.99;

/**
 * Control characters but tab and line breaks: PostgreSQL cannot store NUL in text, and none of
 * them belongs in a form field.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const hasControlCharacters = (value: string) => CONTROL_CHARACTERS.test(value);

/** A string of the form's: 'obligatorio' when missing, 'no es válido' when of another type. */
const string = (label: string, wrong = msg.invalid(label)) =>
  z
    .string({ error: requiredOr(label, wrong) })
    .refine((value) => !hasControlCharacters(value), msg.controlCharacters(label));

/** Free text of a query filter (`search`, `module`): any string a column can be compared with. */
export const filterText = (label: string) =>
  z.string().refine((value) => !hasControlCharacters(value), msg.controlCharacters(label));

interface TextOptions {
  min?: number;
  max?: number;
  /** Exact length; its message is 'Longitud inválida' (spec 000 §5). */
  length?: number;
}

/** A required, trimmed string. */
export function text(label: string, options: TextOptions = {}) {
  let schema = string(label).trim().min(1, msg.required(label));
  if (options.min !== undefined) schema = schema.min(options.min, msg.min(label, options.min));
  if (options.max !== undefined) schema = schema.max(options.max, msg.max(label, options.max));
  if (options.length !== undefined) schema = schema.length(options.length, msg.lengthInvalid);
  fieldLabels.add(schema, { label });
  return schema;
}

/** An optional string: absent, null or '' all mean "not given" and read back as null. */
export function optionalText(label: string, options: Omit<TextOptions, 'length'> = {}) {
  let schema = string(label).trim();
  if (options.min !== undefined) schema = schema.min(options.min, msg.min(label, options.min));
  if (options.max !== undefined) schema = schema.max(options.max, msg.max(label, options.max));
  return z
    .preprocess((value) => (value === '' || value === undefined ? null : value), schema.nullable())
    .register(fieldLabels, { label });
}

export function email(label: string, max = 100) {
  return z
    .string({ error: requiredOr(label, msg.invalid(label)) })
    .trim()
    .min(1, msg.required(label))
    .max(max, msg.max(label, max))
    .pipe(z.email({ error: msg.email(label) }))
    .transform((value) => value.toLowerCase())
    .register(fieldLabels, { label });
}

/**
 * A positive integer id of a related record (`branchId`, `roleId`): a number, or digits in a path
 * or query, up to the largest value of an integer column. 0 is a choice not yet made.
 */
export function id(label: string) {
  return z
    .preprocess(
      (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
      z
        .number({ error: requiredOr(label, msg.invalid(label)) })
        .max(MAX_INTEGER, { message: msg.invalid(label), abort: true })
        .int(msg.integer(label))
        .positive({
          error: (issue) => (issue.input === 0 ? msg.required(label) : msg.invalid(label)),
        }),
    )
    .register(fieldLabels, { label });
}

export function password(label = 'Contraseña') {
  return z
    .string({ error: requiredOr(label, msg.invalid(label)) })
    .min(1, msg.required(label))
    .min(8, msg.min(label, 8))
    .regex(/[A-Z]/, msg.passwordRules)
    .regex(/[a-z]/, msg.passwordRules)
    .regex(/[0-9]/, msg.passwordRules)
    .max(72, msg.max(label, 72))
    .register(fieldLabels, { label });
}

export const PIN_LENGTH = 4;

/**
 * A 4-digit PIN; clients send it as a number or a string (spec 000 §7 says number). Its length
 * message names the field ('Nuevo PIN', 'Confirmar PIN'), as every length message does (spec 000
 * §5); that it holds only digits is a check of its own.
 */
export function pin(label = 'PIN') {
  return z
    .union([z.string(), z.number()], { error: requiredOr(label, msg.invalid(label)) })
    .transform((value) =>
      typeof value === 'number' ? String(value).padStart(PIN_LENGTH, '0') : value,
    )
    .pipe(
      z
        .string()
        .min(1, { message: msg.required(label), abort: true })
        .length(PIN_LENGTH, msg.exactLength(label, PIN_LENGTH))
        .regex(/^\d*$/, msg.digitsOnly(label)),
    )
    .register(fieldLabels, { label });
}

export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A day of the calendar a database stores: `2023-02-30` and year 0 are not one. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_RE.test(value) || value.startsWith('0000')) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** A branch-local date, YYYY-MM-DD (CONTRACT §2). */
export function date(label: string) {
  return z
    .string({ error: requiredOr(label, msg.date(label)) })
    .min(1, { message: msg.required(label), abort: true })
    .refine(isCalendarDate, msg.date(label))
    .register(fieldLabels, { label });
}

export function time(label: string) {
  return z
    .string({ error: requiredOr(label, msg.time(label)) })
    .min(1, { message: msg.required(label), abort: true })
    .regex(TIME_RE, msg.time(label))
    .register(fieldLabels, { label });
}

/** Money: a JSON number with at most two decimals (CONTRACT §2), within `numeric(12, 2)`. */
export function money(label: string, min = 0, max = MAX_MONEY) {
  return z
    .number({ error: requiredOr(label, msg.number(label)) })
    .min(min, msg.minValue(label, min))
    .max(max, msg.maxValue(label, max))
    .refine(
      (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
      `El campo ${label} admite máximo dos decimales`,
    )
    .register(fieldLabels, { label, money: true });
}

/** RFC of a company (12) or a person (13), as the SAT issues it. */
export const RFC_RE = /^[A-ZÑ&]{3,4}\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[A-Z\d]{2}[A\d]$/;
/** CURP: 18 characters of the RENAPO format. */
export const CURP_RE =
  /^[A-Z][AEIOUX][A-Z]{2}\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[HM][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[A-Z\d]\d$/;

/** A phone as digits only: the mask (000)000-0000 and spaces are stripped; 10 digits. */
export function phone(label = 'Teléfono') {
  return z
    .string({ error: requiredOr(label, msg.invalid(label)) })
    .transform((value) => value.replace(/\D/g, ''))
    .pipe(
      z
        .string()
        .min(1, msg.required(label))
        .regex(/^\d{10}$/, `El campo ${label} debe tener 10 dígitos`),
    )
    .register(fieldLabels, { label });
}

/**
 * The label each builder above gives its schema, for forms that read their field's label from the
 * schema (apps/web `SchemaField`). A registry of its own rather than `.meta()`, so the labels stay
 * out of the OpenAPI document. A wrapper (`.optional()`, `.pipe()`) is a new schema: readers
 * unwrap it to find the label.
 */
export const fieldLabels = z.registry<{
  label: string;
  /** An amount of pesos: the history shows it as money. */
  money?: boolean;
  /** A percentage: the history shows it as '16 %'. */
  percent?: boolean;
  /** An option's Spanish name by its value ('product' → 'Producto'), for the history. */
  values?: Readonly<Record<string, string>>;
}>();

/** Gives a schema built without one of the builders above its label (an enum, a list, a part). */
export function labelled<T extends z.ZodType>(
  schema: T,
  label: string,
  values?: Readonly<Record<string, string>>,
): T {
  fieldLabels.add(schema, values ? { label, values } : { label });
  return schema;
}
