/**
 * The chain's settings (spec 002 §3, §7; CONTRACT §11): the exchange rate in pesos per US dollar,
 * how card payments are processed, and the cosmetology commission. Pure rules that the point of
 * sale and the cash closing call.
 */

/**
 * How the point of sale processes a card payment. The specification names the field and leaves
 * its values unshown (spec 002 §9); these are the two ways a clinic takes a card: its bank's
 * terminal, whose authorisation the cashier types in (`manual`), or a payment service the sale is
 * sent to (`gateway`).
 */
export const PAYMENT_PROCESS_TYPES = ['manual', 'gateway'] as const;
export type PaymentProcessType = (typeof PAYMENT_PROCESS_TYPES)[number];
export const paymentProcessTypeLabels: Record<PaymentProcessType, string> = {
  manual: 'Terminal bancaria (referencia manual)',
  gateway: 'Pasarela de pago en línea',
};

/** A rate the chain used from `effectiveFrom` on, until the next one. */
export interface RateEntry {
  exchangeRate: number;
  effectiveFrom: Date;
}

/**
 * The rate in force at an instant: the last one that took effect at or before it. Before the
 * first one, the first one (the rate the chain started with). Null only without any.
 */
export function rateInForce<T extends RateEntry>(history: readonly T[], instant: Date): T | null {
  let inForce: T | null = null;
  let first: T | null = null;
  for (const entry of history) {
    if (!first || entry.effectiveFrom < first.effectiveFrom) first = entry;
    if (
      entry.effectiveFrom.getTime() <= instant.getTime() &&
      (!inForce || entry.effectiveFrom >= inForce.effectiveFrom)
    )
      inForce = entry;
  }
  return inForce ?? first;
}

/** Dollars in pesos at a rate, to the cent (a payment in DLS, a closing's dollar total). */
export function dollarsToPesos(dollars: number, exchangeRate: number): number {
  // The rate has 4 decimals and the amount 2: their product in 1/1,000,000 is an integer.
  const micro = Math.round(dollars * 100) * Math.round(exchangeRate * 10_000);
  return Math.round(micro / 10_000) / 100;
}
