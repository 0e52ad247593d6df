import {
  branchExpensesReport,
  branchExpensesReportQuery,
  generalExpensesByProductReport,
  generalExpensesByProductReportQuery,
  generalInventoryReport,
  generalInventoryReportQuery,
} from '../schemas/reports-stock';
import { route } from './define';

/**
 * The stock and expense reports of CONTRACT §14: branch expenses, general expenses by product and
 * general inventory. All `GET`, privilege `reports.view`, answering `{ items, totals }`.
 */

const tag = 'Reportes';
const access = { privilege: { resource: 'reports', action: 'view' } } as const;

const scope =
  'Los roles fijos a una sucursal reciben la suya, diga lo que diga branchId; sin branchId, un renglón por sucursal que la sesión alcanza. Un formato inválido es 400 con el campo.';
const totals = 'totals suma cada importe de los renglones, al centavo.';

export const reportStockRoutes = {
  branchExpenses: route({
    method: 'GET',
    path: '/report/branch-expenses',
    access,
    tag,
    summary: `Gastos por sucursal del mes (month AAAA-MM, obligatorio): assortment (unidades recibidas por sus órdenes de surtido terminadas × costo del producto), transfersReceived (unidades recibidas por traspasos terminados × costo), transfersSent (unidades enviadas a otra clínica por traspasos terminados × costo), returns (unidades enviadas al centro de distribución × costo) y total = assortment + transfersReceived − transfersSent − returns; cada orden cuenta en el día en que se confirmó, en la zona de la sucursal. ${totals} ${scope}`,
    query: branchExpensesReportQuery,
    answer: branchExpensesReport,
  }),
  generalExpensesByProduct: route({
    method: 'GET',
    path: '/report/general-expenses-by-product',
    access,
    tag,
    summary: `Gastos generales por producto del mes (month AAAA-MM, obligatorio): por producto de las órdenes de compra llegadas ese mes (arrivedAt), sku, nombre, categorías, quantity (unidades) y totalAmount (Σ cantidad × precio × (1 + IVA del producto)). ${totals} Los roles fijos a una sucursal ven las órdenes de compra de su sucursal.`,
    query: generalExpensesByProductReportQuery,
    answer: generalExpensesByProductReport,
  }),
  generalInventory: route({
    method: 'GET',
    path: '/report/general-inventory',
    access,
    tag,
    summary: `Inventario general: por sucursal (name) el valor de su inventario, totalAmount = Σ sobre sus lotes del saldo al cierre del mes de endDate (según el kardex) × costo del producto. startDate y endDate son meses AAAA-MM (por omisión, el mes en curso; endDate no anterior a startDate). ${totals} ${scope}`,
    query: generalInventoryReportQuery,
    answer: generalInventoryReport,
  }),
};
