import { z } from 'zod';
import { fieldLabels, labelled, requiredOr } from '../fields';
import { msg } from '../messages';
import { PAYMENT_PROCESS_TYPES, paymentProcessTypeLabels } from '../settings';
import { listQuery, ref } from './common';
import { amount } from './catalogue-fields';

/** The settings record (spec 002 §3, §7; CONTRACT §11): one for the whole chain. */

/** The largest rate a `numeric(10, 4)` column holds. */
export const MAX_EXCHANGE_RATE = 999_999.9999;

export const settingMessages = {
  ratePositive: 'El tipo de cambio debe ser mayor a 0',
  rateDecimals: 'El campo Tipo de cambio admite máximo cuatro decimales',
  instant: 'La fecha debe ser un instante ISO 8601 (por ejemplo 2026-11-20T17:00:00Z)',
} as const;

/** Pesos (MXN) per US dollar: more than 0, at most four decimals. */
export const exchangeRateField = z
  .number({ error: requiredOr('Tipo de cambio', msg.number('Tipo de cambio')) })
  .gt(0, settingMessages.ratePositive)
  .max(MAX_EXCHANGE_RATE, msg.maxValue('Tipo de cambio', MAX_EXCHANGE_RATE))
  .refine(
    (value) => Math.abs(Math.round(value * 10_000) - value * 10_000) < 1e-6,
    settingMessages.rateDecimals,
  )
  .register(fieldLabels, { label: 'Tipo de cambio' });

const settingFields = {
  exchangeRate: exchangeRateField,
  paymentProcessType: labelled(
    z.enum(PAYMENT_PROCESS_TYPES, {
      error: requiredOr('Tipo de proceso de pago', msg.option('Tipo de proceso de pago')),
    }),
    'Tipo de proceso de pago',
    paymentProcessTypeLabels,
  ),
  cosmetologyCommissionPercent: amount('Comisión de cosmetología (%)', 0, 100),
};

/**
 * PUT /setting/{id}/update. The record always exists (the installation creates it), so there is no
 * create: the update takes its fields, and those left out keep their values (CONTRACT §2).
 */
export const settingUpdateBody = z.strictObject(settingFields).partial();
/** The form's schema: every field filled in. */
export const settingFormBody = z.strictObject(settingFields);

export const settingRecord = z.object({
  id: z.number().int(),
  exchangeRate: z.number(),
  paymentProcessType: z.enum(PAYMENT_PROCESS_TYPES),
  cosmetologyCommissionPercent: z.number(),
});
export type SettingRecord = z.infer<typeof settingRecord>;

/** One rate of the history: in force from `effectiveFrom` until the next one. */
export const exchangeRateEntry = z.object({
  id: z.number().int(),
  exchangeRate: z.number(),
  /** ISO 8601 in UTC. The rate the chain started with is in force since 1970-01-01T00:00:00Z. */
  effectiveFrom: z.string(),
  /** Who set it; null for the rate the installation started with. */
  user: ref.nullable(),
});
export type ExchangeRateEntry = z.infer<typeof exchangeRateEntry>;

export const exchangeRateHistoryQuery = listQuery;

/** GET /setting/exchange-rate?at=…: the rate in force at an instant (now when left out). */
export const exchangeRateAtQuery = z.strictObject({
  at: z
    .string()
    .refine(
      (value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)),
      settingMessages.instant,
    )
    .optional(),
});
