import { z } from 'zod';
import { GENDERS } from '../constants';
import { date, id } from '../fields';
import { listQuery, ref } from './common';
import { CUSTOMER_MARITAL_STATUSES } from './customers';
import { reportBranch, reportDates, reportOf, reportQuery } from './report-filters';

/**
 * The eight activity reports of CONTRACT §14 (customers, appointments, occupation, scheduled
 * appointments, medical and cosmetology fees): their filters, one row each, and the totals. The
 * fields keep the specification's names. `totals` sums every numeric measure of the rows; rates
 * (`percentage`, `percent`) and identifiers (`appointmentNumber`) are not summed. A relation is the
 * nested `{ id, name }` of CONTRACT §2 (a person's `name` is the full name), so no id is a
 * top-level number that a total could add up.
 */

/** The person a row names: `{ id, name }` with the full name ("Ana López Pérez"). */
export const reportPerson = ref;

const count = z.number().int();

// ── /report/customers ────────────────────────────────────────────────────────────────────────

/** The customers report's sort and search fields (paged as any list, CONTRACT §3). */
export const CUSTOMER_REPORT_LIST = {
  sortable: ['customerId', 'created_at', 'name', 'lastName', 'birthday', 'points'],
  defaultSort: 'customerId',
  searchable: ['name', 'mobilePhone', 'phone', 'email', 'customerId'],
  defaultSearch: ['name', 'mobilePhone', 'phone', 'email'],
} as const;

const sortField = z
  .enum(CUSTOMER_REPORT_LIST.sortable, {
    error: `No se puede ordenar por ese campo; campos permitidos: ${CUSTOMER_REPORT_LIST.sortable.join(', ')}`,
  })
  .optional();

/**
 * GET /report/customers: the list query of CONTRACT §3, `startDate`/`endDate` the registration day
 * (in the registry branch's zone), `branchId` the registry branch.
 */
export const customersReportQuery = reportQuery({
  ...listQuery.shape,
  field: sortField,
  ...reportDates,
  ...reportBranch,
});
export type CustomersReportQuery = z.input<typeof customersReportQuery>;

export const customersReportItem = z.object({
  /** The record's id (for the customer's detail); `customerId` is the customer number. */
  id: z.number().int(),
  customerId: z.number().int(),
  registryBranch: ref,
  /** When they were registered (ISO 8601, UTC). */
  created_at: z.string(),
  birthday: z.string(),
  name: z.string(),
  lastName: z.string(),
  motherLastName: z.string().nullable(),
  points: z.number().int(),
  phone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  email: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  maritalStatus: z.enum(CUSTOMER_MARITAL_STATUSES).nullable(),
  originCountry: z.string().nullable(),
  blackList: z.number().int(),
  status: z.boolean(),
});
export type CustomersReportItem = z.infer<typeof customersReportItem>;

// ── The day-range reports per branch ─────────────────────────────────────────────────────────

/** `startDate`, `endDate` (branch-local days, both included) and `branchId`. */
export const branchDatesReportQuery = reportQuery({ ...reportDates, ...reportBranch });
export type BranchDatesReportQuery = z.input<typeof branchDatesReportQuery>;

/** GET /report/appointments: appointments not cancelled, by the channel they came through. */
const appointmentChannels = {
  /** `appointmentMethod` Cita presencial (not counted in app or ecommerce). */
  inPerson: count,
  /** Llamada telefónica. */
  call: count,
  /** Redes sociales. */
  socialMedia: count,
  /** Booked on a purchased product bought by an `APP` order. */
  app: count,
  /** Booked on a purchased product bought by a `LINEA` order. */
  ecommerce: count,
  /** inPerson + call + socialMedia. */
  fullOperation: count,
  /** All five. */
  total: count,
};
export const appointmentsReportItem = z.object({ branch: ref, ...appointmentChannels });
export const appointmentsReportTotals = z.object(appointmentChannels);
export const appointmentsReport = reportOf(appointmentsReportItem, appointmentsReportTotals);
export type AppointmentsReportItem = z.infer<typeof appointmentsReportItem>;

/** The occupation's colour bands: red under 50 %, yellow 50–69.99 %, green from 70 %. */
export const OCCUPATION_COLORS = ['red', 'yellow', 'green'] as const;
export type OccupationColor = (typeof OCCUPATION_COLORS)[number];

const occupationCounts = {
  /** `confirmMethod` si. */
  yes: count,
  no: count,
  /** buzón. */
  voicemail: count,
  whatsapp: count,
  /** yes + whatsapp. */
  confirmed: count,
  /** confirmed ÷ (yes + no + voicemail + whatsapp) × 100, 2 decimals; 0 when none (a rate). */
  percentage: z.number(),
  color: z.enum(OCCUPATION_COLORS),
};
export const occupationReportItem = z.object({ branch: ref, ...occupationCounts });
/** The counts summed; `percentage` and `color` recomputed from the sums (a rate is not summed). */
export const occupationReportTotals = z.object(occupationCounts);
export const occupationReport = reportOf(occupationReportItem, occupationReportTotals);
export type OccupationReportItem = z.infer<typeof occupationReportItem>;

const statusCounts = {
  scheduled: count,
  inProcess: count,
  finished: count,
  absence: count,
  cancelled: count,
  total: count,
};
/** GET /report/scheduled-appointments: per branch and the staff member who booked. */
export const scheduledAppointmentsReportItem = z.object({
  branch: ref,
  /** Who booked them; null for the ones booked online, without a session. */
  user: reportPerson.nullable(),
  ...statusCounts,
});
export const scheduledAppointmentsReportTotals = z.object(statusCounts);
export const scheduledAppointmentsReport = reportOf(
  scheduledAppointmentsReportItem,
  scheduledAppointmentsReportTotals,
);
export type ScheduledAppointmentsReportItem = z.infer<typeof scheduledAppointmentsReportItem>;

// ── Medical and cosmetology fees ─────────────────────────────────────────────────────────────

const medicalMoney = {
  /** Σ the treatments' medical fees × sessions (CONTRACT §12). */
  commission: z.number(),
  /** Σ ISR withheld. */
  isr: z.number(),
  /** Σ net: commission − isr. */
  subtotal: z.number(),
};
export const medicalMoneyTotals = z.object(medicalMoney);

export const generalMedicalFeesItem = z.object({
  branch: ref,
  user: reportPerson,
  employeeNumber: z.string().nullable(),
  ...medicalMoney,
});
export const generalMedicalFeesReport = reportOf(generalMedicalFeesItem, medicalMoneyTotals);
export type GeneralMedicalFeesItem = z.infer<typeof generalMedicalFeesItem>;

const onePerson = { userId: id('Usuario').optional() };

/** `date` (one day) or `startDate`/`endDate`, not both; `userId` the medic. */
export const individualMedicalFeesQuery = reportQuery({
  ...reportDates,
  date: date('Fecha').optional(),
  ...onePerson,
  ...reportBranch,
}).refine((q) => q.date === undefined || (q.startDate === undefined && q.endDate === undefined), {
  message: 'Indica date (un día) o startDate y endDate, no ambos',
  path: ['date'],
});
export type IndividualMedicalFeesQuery = z.input<typeof individualMedicalFeesQuery>;

export const individualMedicalFeesItem = z.object({
  /** The appointment's number (an identifier: not summed). */
  appointmentNumber: z.number().int(),
  branch: ref,
  /** The appointment's day and start, branch-local. */
  date: z.string(),
  time: z.string(),
  patient: z.object({ id: z.number().int(), customerId: z.number().int(), name: z.string() }),
  treatment: ref,
  user: reportPerson,
  ...medicalMoney,
});
export const individualMedicalFeesReport = reportOf(individualMedicalFeesItem, medicalMoneyTotals);
export type IndividualMedicalFeesItem = z.infer<typeof individualMedicalFeesItem>;

const cosmetologyMoney = {
  /** Σ the lines' prices before IVA (refund rows negative). */
  salePrice: z.number(),
  /** Σ commission (refund rows negative). */
  commission: z.number(),
};
export const cosmetologyMoneyTotals = z.object(cosmetologyMoney);

export const generalCosmetologyFeesItem = z.object({
  branch: ref,
  user: reportPerson,
  employeeNumber: z.string().nullable(),
  ...cosmetologyMoney,
});
export const generalCosmetologyFeesReport = reportOf(
  generalCosmetologyFeesItem,
  cosmetologyMoneyTotals,
);
export type GeneralCosmetologyFeesItem = z.infer<typeof generalCosmetologyFeesItem>;

export const individualCosmetologyFeesQuery = reportQuery({
  ...reportDates,
  ...onePerson,
  ...reportBranch,
});
export type IndividualCosmetologyFeesQuery = z.input<typeof individualCosmetologyFeesQuery>;

export const individualCosmetologyFeesItem = z.object({
  /** The counter sale's folio, `VP-000042`. */
  orderNumber: z.string(),
  /** `sale`, or `refund` for the reversing row of a refunded sale (negative amounts). */
  kind: z.enum(['sale', 'refund']),
  branch: ref,
  /** The day it counts on (the sale's or the refund's) and the time then, branch-local. */
  date: z.string(),
  time: z.string(),
  /** The customer of the sale; null for a counter sale to no one in particular. */
  patient: z
    .object({ id: z.number().int(), customerId: z.number().int(), name: z.string() })
    .nullable(),
  product: z.object({ id: z.number().int(), sku: z.string(), name: z.string() }),
  /** The seller it is paid to. */
  user: reportPerson,
  commission: z.number(),
  salePrice: z.number(),
  /** The commission percent of the line (a rate: not summed). */
  percent: z.number(),
});
export const individualCosmetologyFeesReport = reportOf(
  individualCosmetologyFeesItem,
  cosmetologyMoneyTotals,
);
export type IndividualCosmetologyFeesItem = z.infer<typeof individualCosmetologyFeesItem>;
