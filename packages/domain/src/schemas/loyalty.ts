import { z } from 'zod';
import { GENDERS } from '../constants';
import { money } from '../fields';
import { msg } from '../messages';
import { listQuery } from './common';
import { LOYALTY_SCALES } from './customers';

/** Loyalty levels and the loyalty lists (CONTRACT §10, spec 002 §2). */

export const loyaltyLevelRecord = z.object({
  id: z.number().int(),
  scale: z.enum(LOYALTY_SCALES),
  /** The level's name as the screens show it ('Plata'). */
  label: z.string(),
  minimum: z.number(),
  position: z.number().int(),
  updated_at: z.string(),
});
export type LoyaltyLevelRecord = z.output<typeof loyaltyLevelRecord>;

/** PUT /loyalty-level/{id}/update: the level's new minimum (bronze stays 0). */
export const loyaltyLevelBody = z.strictObject({ minimum: money('Mínimo') });

/**
 * GET /loyalty-system, /member, /miss-you and /customer/totals-purchases: the customers' list
 * query, filtered by level.
 */
export const loyaltyListQuery = listQuery.extend({
  loyaltyScale: z.enum(LOYALTY_SCALES, { error: () => msg.option('Nivel') }).optional(),
});

/** A row of the loyalty lists: the columns of spec 002 §2, plus the last visit or purchase. */
export const loyaltyCustomerRecord = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  name: z.string(),
  lastName: z.string(),
  motherLastName: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  email: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  points: z.number().int(),
  /** Paid purchases, net of refunds, over the last 365 days (MXN). */
  totalPurchases: z.number(),
  loyaltyScale: z.enum(LOYALTY_SCALES),
  cancellations: z.number().int(),
  /** The latest visit or purchase, null when there has been none. */
  lastVisitAt: z.string().nullable(),
});
export type LoyaltyCustomerRecord = z.output<typeof loyaltyCustomerRecord>;
