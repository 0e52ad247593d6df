import {
  dailyCashClosingsReport,
  dailyCashClosingsReportQuery,
  dailySalesReport,
  dailySalesReportQuery,
  monthlySalesReport,
  monthlySalesReportQuery,
  profitabilityReport,
  profitabilityReportQuery,
} from '../schemas/reports-money';
import { route } from './define';

/**
 * The money reports of CONTRACT §14: daily and monthly sales, daily cash closings (privilege
 * `reports.view`) and profitability by branch (`Rentability.view`). All `GET`, answering
 * `{ items, totals }` with no paging.
 */

const tag = 'Reportes';
const access = { privilege: { resource: 'reports', action: 'view' } } as const;

const scope =
  'Los roles fijos a una sucursal reciben la suya, diga lo que diga branchId; sin branchId, las sucursales que la sesión alcanza. Un formato inválido es 400 con el campo.';
const money =
  'Tx son las órdenes (tratamientos, paquetes, promociones) y Product las ventas de mostrador; las ventas cuentan en su paidDate y las devoluciones restan en su refundDate, en la columna de su canal y método: mxnTx efectivo MXN − cambio, dlsTx dólares, dlsToMxTx esos dólares en MXN, cashTotalMx, tdc, tdd, otherTx (transferencia, depósito, puntos), online (LINEA), app (APP), totalDccTx; mxnProduct, dlsProduct, dlsToMxnProduct, cardProduct, otherProduct, totalDcccProduct; ddcTotal = totalDccTx + totalDcccProduct, igual al total del corte del día.';
const totals = 'totals suma cada cantidad de los renglones (el tipo de cambio no se suma).';

export const reportMoneyRoutes = {
  dailySales: route({
    method: 'GET',
    path: '/report/daily-sales',
    access,
    tag,
    summary: `Ventas diarias: un renglón por sucursal y día del mes con venta, devolución o corte: branch, month, date, user (quien cerró el día, null si está abierto), el dinero del día y exchageRate (el del corte, o el vigente al final del día). ${money} ${totals} ${scope}`,
    query: dailySalesReportQuery,
    answer: dailySalesReport,
  }),
  monthlySales: route({
    method: 'GET',
    path: '/report/monthly-sales',
    access,
    tag,
    summary: `Ventas mensuales: un renglón por sucursal y mes del año con actividad, cada cantidad la suma de sus renglones diarios; date y user null, exchageRate el del último día. ${money} ${totals} ${scope}`,
    query: monthlySalesReportQuery,
    answer: monthlySalesReport,
  }),
  dailyCashClosings: route({
    method: 'GET',
    path: '/report/daily-cash-closings',
    access,
    tag,
    summary: `Cortes de caja diarios: un renglón por corte del periodo (startDate y endDate, el día cerrado, AAAA-MM-DD), el registro del corte (folio, sucursal, usuario, día, cifras, conteos y diferencias). ${totals} ${scope}`,
    query: dailyCashClosingsReportQuery,
    answer: dailyCashClosingsReport,
  }),
  profitabilityByBranch: route({
    method: 'GET',
    path: '/report/profitability-by-branch',
    access: { privilege: { resource: 'Rentability', action: 'view' } },
    tag,
    summary: `Rentabilidad por sucursal: por sucursal, tipo (income, expenses; type filtra uno) y concepto, 12 montos mensuales (enero primero) y total. Ingresos: cash (efectivo de órdenes y mostrador), TPV (tarjetas), online pay, app pay, individual sales (transferencias, depósitos, puntos); suman el ddcTotal del mes. Gastos: assortment, reception (traspasos recibidos − enviados), returns (− devoluciones al CEDIS), merchandise purchase (órdenes de compra llegadas, renglón del CEDIS), ISR, medical commission, cosmetology commission, consignment y shipping (0). totals por tipo y balance = ingresos − gastos por mes y año, con signo. ${scope}`,
    query: profitabilityReportQuery,
    answer: profitabilityReport,
  }),
};
