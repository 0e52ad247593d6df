import { z } from 'zod';
import { date, id } from '../fields';
import { listQuery, ref } from './common';

/**
 * Commissions (CONTRACT §12 "Commissions"): the medical commission of every finished appointment
 * (`medic_comission`) and the cosmetology commission of every `Cosmetólogo/Venta` line sold at the
 * counter (`cosmetologic_comission`), listed one row per person and, per person, row by row.
 */

/** The filters both lists and both details share: a branch and the days the rows are dated. */
export const commissionQuery = listQuery.extend({
  branchId: id('Sucursal').optional(),
  /** The first and last day (branch-local, both included) the commissions are dated. */
  startDate: date('Fecha inicial').optional(),
  endDate: date('Fecha final').optional(),
});
export type CommissionQuery = z.input<typeof commissionQuery>;

/** `/commission/{userId}/user`: the person whose rows are read. */
export const commissionUserParams = z.object({ userId: id('Usuario') });

/** The person a list row or a detail row is paid to, with their employee number. */
const payee = z.object({
  id: z.number().int(),
  name: z.string(),
  lastName: z.string(),
  motherLastName: z.string().nullable(),
  kardex: z.object({ employeeNumber: z.string() }).nullable(),
});

const personColumns = {
  userId: z.number().int(),
  user: payee,
  employeeNumber: z.string().nullable(),
  name: z.string(),
  lastName: z.string(),
  motherLastName: z.string().nullable(),
  /** How many commission rows the totals add up. */
  count: z.number().int(),
};

/** GET /commission: a medic's totals over the filters. */
export const medicCommissionSummary = z.object({
  ...personColumns,
  /** Σ commission (the treatments' medical fees). */
  total: z.number(),
  /** Σ ISR withheld. */
  isr: z.number(),
  /** Σ net to pay: total − isr. */
  subtotal: z.number(),
});
export type MedicCommissionSummary = z.infer<typeof medicCommissionSummary>;

const customerRef = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  name: z.string(),
  lastName: z.string(),
  motherLastName: z.string().nullable(),
});

/** GET /commission/{userId}/user: one finished appointment's commission. */
export const medicCommissionRow = z.object({
  id: z.number().int(),
  appointment: z.object({
    id: z.number().int(),
    appointmentNumber: z.number().int(),
    /** `CITA-000042`. */
    folio: z.string(),
  }),
  branch: ref,
  /** The appointment's day and start (branch-local). */
  date: z.string(),
  startTime: z.string(),
  customer: customerRef,
  treatment: ref,
  /** The doctor it is paid to. */
  user: payee,
  sessions: z.number().int(),
  commission: z.number(),
  isrPercent: z.number(),
  isr: z.number(),
  subtotal: z.number(),
});
export type MedicCommissionRow = z.infer<typeof medicCommissionRow>;

/** PATCH /commission/{id}/update-commission-agent: the medic the commission moves to. */
export const commissionAgentBody = z.strictObject({ userId: id('Médico') });
export type CommissionAgentBody = z.input<typeof commissionAgentBody>;

/** GET /cash-order/commissions: a seller's cosmetology totals over the filters. */
export const cosmetologyCommissionSummary = z.object({
  ...personColumns,
  /** Σ the lines' prices before IVA (refunds negative). */
  salePrice: z.number(),
  /** Σ commission (refunds negative). */
  total: z.number(),
});
export type CosmetologyCommissionSummary = z.infer<typeof cosmetologyCommissionSummary>;

/** GET /cash-order/{userId}/user: one line's commission, or its reversal by a refund. */
export const cosmetologyCommissionLine = z.object({
  id: z.number().int(),
  /** `sale`, or `refund` for the reversing row of a refunded sale (negative amounts). */
  kind: z.enum(['sale', 'refund']),
  cashOrder: z.object({
    id: z.number().int(),
    orderNumber: z.number().int(),
    /** `VP-000042`. */
    folio: z.string(),
  }),
  branch: ref,
  /** The day it counts on (the sale's, or the refund's) and the time then, branch-local. */
  date: z.string(),
  time: z.string(),
  customer: customerRef.nullable(),
  product: z.object({ id: z.number().int(), sku: z.string(), name: z.string() }),
  user: payee,
  salePrice: z.number(),
  percent: z.number(),
  commission: z.number(),
});
export type CosmetologyCommissionLine = z.infer<typeof cosmetologyCommissionLine>;
