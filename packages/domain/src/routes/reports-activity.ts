import { listOf } from '../schemas/common';
import {
  CUSTOMER_REPORT_LIST,
  appointmentsReport,
  branchDatesReportQuery,
  customersReportItem,
  customersReportQuery,
  generalCosmetologyFeesReport,
  generalMedicalFeesReport,
  individualCosmetologyFeesQuery,
  individualCosmetologyFeesReport,
  individualMedicalFeesQuery,
  individualMedicalFeesReport,
  occupationReport,
  scheduledAppointmentsReport,
} from '../schemas/reports-activity';
import { route } from './define';

/**
 * The activity reports of CONTRACT §14: customers, appointments by channel, occupation, scheduled
 * appointments by staff, and the medical and cosmetology fees (general and individual). All `GET`,
 * privilege `reports.view`; `{ items, totals }` but the customers report, which pages as any list.
 */

const tag = 'Reportes';
const access = { privilege: { resource: 'reports', action: 'view' } } as const;

const scope =
  'Los roles fijos a una sucursal reciben la suya, diga lo que diga branchId. Formatos: startDate y endDate AAAA-MM-DD (días de la sucursal, ambos incluidos); un formato inválido es 400 con el campo.';
const perBranch = 'Sin branchId, un renglón por sucursal que la sesión alcanza.';
const totals =
  'totals suma cada cantidad de los renglones (las tasas y los identificadores no se suman).';
const wide =
  'Sin userId ni branchId, el periodo es de hasta 31 días (startDate y endDate, o date): de otro modo 400 con el campo userId (el año de la cadena son 195,000 filas).';
const fees =
  'Son las mismas filas que las pantallas de comisiones (CONTRACT §12): el general es la suma del individual con los mismos filtros.';

export const reportActivityRoutes = {
  customers: route({
    method: 'GET',
    path: '/report/customers',
    access,
    tag,
    summary: `Reporte general de clientes, paginado como cualquier listado: número de cliente, sucursal de registro, fecha de registro, nacimiento, nombre, puntos, teléfonos, correo, género, estado civil, país de origen, lista negra y estatus. startDate y endDate filtran el día de registro (en la zona de la sucursal de registro), branchId la sucursal de registro. ${scope}`,
    query: customersReportQuery,
    answer: listOf(customersReportItem),
    list: CUSTOMER_REPORT_LIST,
  }),
  appointments: route({
    method: 'GET',
    path: '/report/appointments',
    access,
    tag,
    summary: `Reporte general de citas por canal: por sucursal, las citas no canceladas del periodo (día de la cita) por appointmentMethod (inPerson Cita presencial, call Llamada telefónica, socialMedia Redes sociales), app y ecommerce (citas de un producto comprado en una orden APP o LINEA, fuera de las tres anteriores), fullOperation = las tres primeras y total = las cinco. ${perBranch} ${totals} ${scope}`,
    query: branchDatesReportQuery,
    answer: appointmentsReport,
  }),
  occupation: route({
    method: 'GET',
    path: '/report/occupation',
    access,
    tag,
    summary: `Porcentaje de confirmación de citas (ocupación): por sucursal, las citas del periodo por confirmMethod (yes si, no, voicemail buzón, whatsapp), confirmed = yes + whatsapp, percentage = confirmed ÷ (yes + no + voicemail + whatsapp) × 100 con 2 decimales (0 sin citas confirmables) y color red < 50, yellow 50–69.99, green ≥ 70; en totals el porcentaje y el color de la suma. ${perBranch} ${scope}`,
    query: branchDatesReportQuery,
    answer: occupationReport,
  }),
  scheduledAppointments: route({
    method: 'GET',
    path: '/report/scheduled-appointments',
    access,
    tag,
    summary: `Citas agendadas por personal: por sucursal y por quien agendó (null: agendadas en línea), las citas del periodo por estatus actual (scheduled, inProcess, finished, absence, cancelled) y total. ${totals} ${scope}`,
    query: branchDatesReportQuery,
    answer: scheduledAppointmentsReport,
  }),
  generalMedicalFees: route({
    method: 'GET',
    path: '/report/general-medical-fees',
    access,
    tag,
    summary: `Comisiones médicas generales por sucursal: por sucursal y médico, número de empleado, commission, isr y subtotal (sumas de sus comisiones del periodo). ${fees} ${totals} ${scope}`,
    query: branchDatesReportQuery,
    answer: generalMedicalFeesReport,
  }),
  individualMedicalFees: route({
    method: 'GET',
    path: '/report/individual-medical-fees',
    access,
    tag,
    summary: `Comisiones médicas individuales detalladas: una por cita terminada (número de cita, sucursal, día, hora, paciente, tratamiento, médico, commission, isr, subtotal). date (un día) o startDate y endDate, no ambos; userId el médico. ${wide} ${fees} ${totals} ${scope}`,
    query: individualMedicalFeesQuery,
    answer: individualMedicalFeesReport,
  }),
  generalCosmetologyFees: route({
    method: 'GET',
    path: '/report/general-cosmetology-fees',
    access,
    tag,
    summary: `Comisiones cosmetológicas generales: por sucursal y vendedora, número de empleado, salePrice (Σ precio sin IVA) y commission; las devoluciones restan. ${fees} ${totals} ${scope}`,
    query: branchDatesReportQuery,
    answer: generalCosmetologyFeesReport,
  }),
  individualCosmetologyFees: route({
    method: 'GET',
    path: '/report/individual-cosmetology-fees',
    access,
    tag,
    summary: `Honorarios de cosmetología por cosmetóloga: una fila por línea vendida y una negativa por línea devuelta (folio de la venta, sucursal, día, hora, paciente, producto, vendedora, commission, salePrice, percent). userId la vendedora. ${wide} ${fees} ${totals} ${scope}`,
    query: individualCosmetologyFeesQuery,
    answer: individualCosmetologyFeesReport,
  }),
};
