import { lazy } from 'react';
import { individualFeesScopeError, reportActivityRoutes as routes } from '@clinica/domain';
import { nameOf, totalsRow } from '../cells';
import { defineReport, type ReportColumn, type ReportData, type Row } from '../types';

/**
 * The eight activity reports (CONTRACT §14; `packages/domain/src/routes/reports-activity.ts`):
 * customers (paged), appointments by channel, occupation, scheduled appointments, and the
 * general and individual medical and cosmetology fees.
 */

/** `{ items, totals }` into rows and one totals row. */
/**
 * The chain's individual fees over more than 31 days need a person or a branch (the domain's
 * rule, which the API answers with a 400 naming userId).
 */
const feesScope = (query: Record<string, unknown>, fixedBranch: boolean) =>
  individualFeesScopeError(query, fixedBranch)?.message ?? null;

export const itemsAndTotals =
  (columns: ReportColumn[]) =>
  (data: unknown): ReportData => {
    const answer = data as { items: Row[]; totals: Record<string, unknown> };
    return { rows: answer.items, totals: [totalsRow(columns, answer.totals)] };
  };

const branch: ReportColumn = {
  key: 'branch',
  title: 'Sucursal',
  kind: 'text',
  value: nameOf('branch'),
};
const count = (key: string, title: string): ReportColumn => ({ key, title, kind: 'count' });
const money = (key: string, title: string): ReportColumn => ({ key, title, kind: 'money' });
const person = (key: string, title: string): ReportColumn => ({
  key,
  title,
  kind: 'text',
  value: nameOf(key),
  width: 28,
});

const CUSTOMER_COLUMNS: ReportColumn[] = [
  count('customerId', 'No. de cliente'),
  person('registryBranch', 'Sucursal de registro'),
  {
    key: 'created_at',
    title: 'Fecha de registro',
    kind: 'date',
    value: (row) => String(row.created_at).slice(0, 10),
  },
  { key: 'birthday', title: 'Nacimiento', kind: 'date' },
  { key: 'name', title: 'Nombre', kind: 'text', width: 20 },
  { key: 'lastName', title: 'Apellido paterno', kind: 'text', width: 18 },
  { key: 'motherLastName', title: 'Apellido materno', kind: 'text', width: 18 },
  count('points', 'Puntos'),
  { key: 'phone', title: 'Teléfono', kind: 'text' },
  { key: 'mobilePhone', title: 'Celular', kind: 'text' },
  { key: 'email', title: 'Correo', kind: 'text', width: 28 },
  { key: 'gender', title: 'Género', kind: 'text' },
  { key: 'maritalStatus', title: 'Estado civil', kind: 'text' },
  { key: 'originCountry', title: 'País de origen', kind: 'text' },
  count('blackList', 'Lista negra'),
  {
    key: 'status',
    title: 'Estatus',
    kind: 'text',
    value: (row) => (row.status ? 'Activo' : 'Inactivo'),
  },
];

export const customersReport = defineReport({
  id: 'customers',
  title: 'Clientes general',
  description: 'Clientes registrados en el periodo, por sucursal de registro.',
  route: routes.customers,
  filters: ['dates', 'branch'],
  columns: CUSTOMER_COLUMNS,
  paged: true,
  rowKey: (row) => String(row.id),
  read: (data) => ({ rows: (data as { items: Row[] }).items, totals: [] }),
});

const APPOINTMENT_COLUMNS = [
  branch,
  count('inPerson', 'Cita presencial'),
  count('call', 'Llamada telefónica'),
  count('socialMedia', 'Redes sociales'),
  count('app', 'App'),
  count('ecommerce', 'Ecommerce'),
  count('fullOperation', 'Operación completa'),
  count('total', 'Total'),
];

export const appointmentsReport = defineReport({
  id: 'appointments',
  title: 'Citas general por canal',
  description: 'Citas no canceladas del periodo por canal, por sucursal.',
  route: routes.appointments,
  filters: ['dates', 'branch'],
  columns: APPOINTMENT_COLUMNS,
  read: itemsAndTotals(APPOINTMENT_COLUMNS),
});

const OCCUPATION_COLUMNS: ReportColumn[] = [
  branch,
  count('yes', 'Sí'),
  count('no', 'No'),
  count('voicemail', 'Buzón'),
  count('whatsapp', 'WhatsApp'),
  count('confirmed', 'Confirmadas'),
  { key: 'percentage', title: 'Porcentaje', kind: 'percent' },
];

export const occupationReport = defineReport({
  id: 'occupation',
  title: 'Porcentaje de confirmación de citas (ocupación)',
  description: 'Confirmaciones por sucursal, en rojo, amarillo o verde.',
  route: routes.occupation,
  filters: ['dates', 'branch'],
  columns: OCCUPATION_COLUMNS,
  read: itemsAndTotals(OCCUPATION_COLUMNS),
  chart: lazy(() => import('../charts/OccupationChart')),
});

const SCHEDULED_COLUMNS: ReportColumn[] = [
  branch,
  {
    key: 'user',
    title: 'Agendó',
    kind: 'text',
    width: 28,
    value: (row) => nameOf('user')(row) ?? 'En línea',
  },
  count('scheduled', 'Agendadas'),
  count('inProcess', 'En proceso'),
  count('finished', 'Terminadas'),
  count('absence', 'Inasistencias'),
  count('cancelled', 'Canceladas'),
  count('total', 'Total'),
];

export const scheduledAppointmentsReport = defineReport({
  id: 'scheduled-appointments',
  title: 'Citas agendadas por personal',
  description: 'Citas del periodo por quien las agendó y su estatus.',
  route: routes.scheduledAppointments,
  filters: ['dates', 'branch'],
  columns: SCHEDULED_COLUMNS,
  read: itemsAndTotals(SCHEDULED_COLUMNS),
});

const GENERAL_MEDICAL_COLUMNS: ReportColumn[] = [
  branch,
  person('user', 'Médico'),
  { key: 'employeeNumber', title: 'No. de empleado', kind: 'text' },
  money('commission', 'Comisión'),
  money('isr', 'ISR'),
  money('subtotal', 'Subtotal'),
];

export const generalMedicalFeesReport = defineReport({
  id: 'general-medical-fees',
  title: 'Comisiones médicas generales por sucursal',
  description: 'Comisión, ISR y neto de cada médico en el periodo.',
  route: routes.generalMedicalFees,
  filters: ['dates', 'branch'],
  columns: GENERAL_MEDICAL_COLUMNS,
  read: itemsAndTotals(GENERAL_MEDICAL_COLUMNS),
});

const INDIVIDUAL_MEDICAL_COLUMNS: ReportColumn[] = [
  count('appointmentNumber', 'No. de cita'),
  branch,
  { key: 'date', title: 'Fecha', kind: 'date' },
  { key: 'time', title: 'Hora', kind: 'time' },
  person('patient', 'Paciente'),
  person('treatment', 'Tratamiento'),
  person('user', 'Médico'),
  money('commission', 'Comisión'),
  money('isr', 'ISR'),
  money('subtotal', 'Subtotal'),
];

export const individualMedicalFeesReport = defineReport({
  id: 'individual-medical-fees',
  title: 'Comisiones médicas individuales detalladas',
  description: 'Cada cita terminada con su comisión, ISR y neto.',
  route: routes.individualMedicalFees,
  filters: ['dates', 'user', 'branch'],
  check: feesScope,
  columns: INDIVIDUAL_MEDICAL_COLUMNS,
  read: itemsAndTotals(INDIVIDUAL_MEDICAL_COLUMNS),
});

const GENERAL_COSMETOLOGY_COLUMNS: ReportColumn[] = [
  branch,
  person('user', 'Vendedora'),
  { key: 'employeeNumber', title: 'No. de empleado', kind: 'text' },
  money('salePrice', 'Venta sin IVA'),
  money('commission', 'Comisión'),
];

export const generalCosmetologyFeesReport = defineReport({
  id: 'general-cosmetology-fees',
  title: 'Comisiones cosmetológicas generales',
  description: 'Venta y comisión de cada vendedora en el periodo.',
  route: routes.generalCosmetologyFees,
  filters: ['dates', 'branch'],
  columns: GENERAL_COSMETOLOGY_COLUMNS,
  read: itemsAndTotals(GENERAL_COSMETOLOGY_COLUMNS),
});

const INDIVIDUAL_COSMETOLOGY_COLUMNS: ReportColumn[] = [
  { key: 'orderNumber', title: 'Folio', kind: 'text' },
  branch,
  { key: 'date', title: 'Fecha', kind: 'date' },
  { key: 'time', title: 'Hora', kind: 'time' },
  person('patient', 'Paciente'),
  {
    key: 'product',
    title: 'Producto',
    kind: 'text',
    width: 32,
    value: (row) => nameOf('product')(row),
  },
  person('user', 'Vendedora'),
  money('commission', 'Comisión'),
  money('salePrice', 'Venta sin IVA'),
  { key: 'percent', title: '% comisión', kind: 'percent' },
];

export const individualCosmetologyFeesReport = defineReport({
  id: 'individual-cosmetology-fees',
  title: 'Honorarios de cosmetología por cosmetóloga',
  description: 'Cada producto vendido (y devuelto) con su comisión.',
  route: routes.individualCosmetologyFees,
  filters: ['dates', 'user', 'branch'],
  check: feesScope,
  columns: INDIVIDUAL_COSMETOLOGY_COLUMNS,
  read: itemsAndTotals(INDIVIDUAL_COSMETOLOGY_COLUMNS),
});
