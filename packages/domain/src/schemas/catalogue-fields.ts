import { z } from 'zod';
import { MAX_INTEGER, MAX_MONEY, MAX_PERCENT, fieldLabels, id, requiredOr } from '../fields';
import { msg } from '../messages';

/** Field builders the catalogue's forms share (products, treatments, appliances). */

/**
 * A required amount: a number with at most two decimals, `min` or more, and at most what its
 * column holds (`numeric(12, 2)` for money unless told).
 */
export function amount(label: string, min = 0, max = MAX_MONEY) {
  return (
    z
      .number({ error: requiredOr(label, msg.number(label)) })
      .min(min, msg.minValue(label, min))
      .max(max, msg.maxValue(label, max))
      .refine(
        (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
        `El campo ${label} admite máximo dos decimales`,
      )
      // Up to the money column's bound it is an amount of pesos (a price, a cost), so the history
      // shows it as money; a content or a percentage has a bound of its own.
      .register(fieldLabels, { label, money: max === MAX_MONEY })
  );
}

/** A required percentage within its `numeric(7, 2)` column; the history shows it as '16 %'. */
export function percentage(label: string) {
  const schema = amount(label, 0, MAX_PERCENT);
  fieldLabels.add(schema, { label, percent: true });
  return schema;
}

/** A required whole number, `min` or more, within an integer column (points, days, quantities). */
export function whole(label: string, min = 0, max = MAX_INTEGER) {
  return z
    .number({ error: requiredOr(label, msg.number(label)) })
    .int(msg.integer(label))
    .min(min, msg.minValue(label, min))
    .max(max, msg.maxValue(label, max))
    .register(fieldLabels, { label });
}

/** A list of related ids (`providersIds`, `categoriesIds`): at least one, repeats dropped. */
export function ids(label: string, options: { min?: number } = {}) {
  const min = options.min ?? 1;
  return z
    .array(id(label), { error: requiredOr(label, msg.invalid(label)) })
    .min(min, msg.required(label))
    .transform((values) => [...new Set(values)]);
}

/** A switch the screens send as 1/0 (spec 001 §4); true/false are accepted too. */
export function flag01(label: string) {
  return z
    .union([z.literal(0), z.literal(1), z.boolean()], { error: () => msg.boolean(label) })
    .transform((value) => value === 1 || value === true)
    .register(fieldLabels, { label });
}

/** A list of ids in a query: `3` or `3,4`. */
export const queryIds = (label: string) =>
  z
    .string()
    .transform((value) => value.split(',').map((part) => Number(part.trim())))
    .pipe(
      z.array(
        z
          .number({ error: msg.option(label) })
          .int(msg.integer(label))
          .positive(msg.option(label))
          .max(MAX_INTEGER, msg.option(label)),
      ),
    );

export const idName = z.object({ id: z.number().int(), name: z.string() });
export const photoRef = z.object({ id: z.number().int(), name: z.string() });
