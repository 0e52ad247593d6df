import { lazy } from 'react';
import { reportMoneyRoutes as routes } from '@clinica/domain';
import { MONTH_TITLES, nameOf, totalsRow } from '../cells';
import { defineReport, type Cell, type ReportColumn, type Row } from '../types';
import { itemsAndTotals } from './activity';

/**
 * The money reports (CONTRACT §14; `packages/domain/src/routes/reports-money.ts`): daily and
 * monthly sales, the daily cash closings and profitability by branch (`Rentability.view`).
 */

const money = (key: string, title: string): ReportColumn => ({ key, title, kind: 'money' });
const branch: ReportColumn = {
  key: 'branch',
  title: 'Sucursal',
  kind: 'text',
  value: nameOf('branch'),
};

/** The money of a branch-day, in the specification's order, with the columns' Spanish names. */
const SALES_MONEY: ReportColumn[] = [
  money('mxnTx', 'Efectivo MXN'),
  { key: 'dlsTx', title: 'Efectivo USD', kind: 'dollars' },
  money('dlsToMxTx', 'USD en MXN'),
  money('cashTotalMx', 'Total efectivo'),
  money('online', 'En línea'),
  money('app', 'App'),
  money('tdc', 'Tarjeta de crédito'),
  money('tdd', 'Tarjeta de débito'),
  money('otherTx', 'Otros (transferencia, depósito, puntos)'),
  money('totalDccTx', 'Total servicios'),
  money('mxnProduct', 'Productos efectivo MXN'),
  { key: 'dlsProduct', title: 'Productos efectivo USD', kind: 'dollars' },
  money('dlsToMxnProduct', 'Productos USD en MXN'),
  money('cardProduct', 'Productos tarjeta'),
  money('otherProduct', 'Productos otros'),
  money('totalDcccProduct', 'Total productos'),
  money('ddcTotal', 'Total del día'),
];

const DAILY_COLUMNS: ReportColumn[] = [
  branch,
  { key: 'date', title: 'Fecha', kind: 'date' },
  {
    key: 'user',
    title: 'Cerró',
    kind: 'text',
    width: 26,
    value: (row) => nameOf('user')(row) ?? 'Abierto',
  },
  ...SALES_MONEY,
  { key: 'exchageRate', title: 'Tipo de cambio', kind: 'rate' },
];

export const dailySalesReport = defineReport({
  id: 'daily-sales',
  title: 'Ventas diarias',
  description: 'El dinero de cada día del mes por canal y forma de pago.',
  route: routes.dailySales,
  filters: ['month', 'branch'],
  columns: DAILY_COLUMNS,
  read: itemsAndTotals(DAILY_COLUMNS),
  chart: lazy(() => import('../charts/SalesChart')),
});

const MONTHLY_COLUMNS: ReportColumn[] = [
  branch,
  { key: 'month', title: 'Mes', kind: 'month' },
  ...SALES_MONEY,
  { key: 'exchageRate', title: 'Tipo de cambio', kind: 'rate' },
];

export const monthlySalesReport = defineReport({
  id: 'monthly-sales',
  title: 'Ventas mensuales',
  description: 'El dinero de cada mes del año por canal y forma de pago.',
  route: routes.monthlySales,
  filters: ['year', 'branch'],
  columns: MONTHLY_COLUMNS,
  read: itemsAndTotals(MONTHLY_COLUMNS),
  chart: lazy(() => import('../charts/SalesChart')),
});

const nested = (key: string) => (row: Row) =>
  (row.products as Record<string, number> | undefined)?.[key] ?? null;

const CLOSING_COLUMNS: ReportColumn[] = [
  { key: 'folio', title: 'Folio', kind: 'text' },
  branch,
  { key: 'date', title: 'Día', kind: 'date' },
  { key: 'user', title: 'Cerró', kind: 'text', width: 26, value: nameOf('user') },
  money('cashTotal', 'Efectivo MXN'),
  { key: 'cashTotalDollars', title: 'Efectivo USD', kind: 'dollars' },
  money('cashTotalDollarsMxn', 'USD en MXN'),
  money('creditCardTotal', 'Tarjeta de crédito'),
  money('debitCardTotal', 'Tarjeta de débito'),
  money('transferTotal', 'Transferencia'),
  money('depositTotal', 'Depósito'),
  money('pointsTotal', 'Puntos'),
  money('salesTotal', 'Total de ventas'),
  money('refundTotal', 'Devoluciones'),
  money('total', 'Total del día'),
  { key: 'productsTotal', title: 'Productos', kind: 'money', value: nested('total') },
  money('countedCash', 'Efectivo contado'),
  money('difference', 'Diferencia'),
  { key: 'countedCashDollars', title: 'USD contados', kind: 'dollars' },
  { key: 'differenceDollars', title: 'Diferencia USD', kind: 'dollars' },
  { key: 'exchangeRate', title: 'Tipo de cambio', kind: 'rate' },
  { key: 'ordersCount', title: 'Órdenes', kind: 'count' },
  { key: 'cashOrdersCount', title: 'Ventas de mostrador', kind: 'count' },
  { key: 'refundsCount', title: 'Devoluciones (núm.)', kind: 'count' },
];

export const dailyCashClosingsReport = defineReport({
  id: 'daily-cash-closings',
  title: 'Cortes de caja diarios',
  description: 'Cada corte del periodo con sus cifras, conteos y diferencias.',
  route: routes.dailyCashClosings,
  filters: ['dates', 'branch'],
  columns: CLOSING_COLUMNS,
  rowKey: (row) => String(row.id),
  read: (data) => {
    const answer = data as { items: Row[]; totals: Record<string, unknown> };
    const totals = answer.totals as Record<string, unknown> & { products?: { total?: number } };
    return {
      rows: answer.items,
      totals: [totalsRow(CLOSING_COLUMNS, { ...totals, productsTotal: totals.products?.total })],
    };
  },
});

const CONCEPTS: Record<string, string> = {
  cash: 'Efectivo',
  TPV: 'TPV (tarjetas)',
  'online pay': 'Pago en línea',
  'app pay': 'Pago en app',
  'individual sales': 'Ventas individuales (transferencia, depósito, puntos)',
  assortment: 'Surtido',
  reception: 'Recepción (traspasos)',
  returns: 'Devoluciones al CEDIS',
  'merchandise purchase': 'Compra de mercancía',
  ISR: 'ISR',
  'medical commission': 'Comisión médica',
  'cosmetology commission': 'Comisión cosmetológica',
  consignment: 'Consignación',
  shipping: 'Envíos',
};
const TYPES: Record<string, string> = { income: 'Ingresos', expenses: 'Gastos' };

const monthColumns: ReportColumn[] = MONTH_TITLES.map((title, index) => ({
  key: `m${index + 1}`,
  title,
  kind: 'money',
  value: (row) => (row.months as number[] | undefined)?.[index] ?? null,
}));

const PROFITABILITY_COLUMNS: ReportColumn[] = [
  {
    key: 'type',
    title: 'Tipo',
    kind: 'text',
    width: 14,
    value: (row) => TYPES[String(row.type)] ?? null,
  },
  {
    key: 'concept',
    title: 'Concepto',
    kind: 'text',
    width: 30,
    value: (row) => CONCEPTS[String(row.concept)] ?? String(row.concept),
  },
  branch,
  ...monthColumns,
  money('total', 'Total'),
];

interface MonthsAndTotal {
  months: number[];
  total: number;
}

/** A totals row of the profitability: its label, then the twelve months and the year. */
function profitabilityTotal(label: string, figures: MonthsAndTotal): Record<string, Cell> {
  const row: Record<string, Cell> = { type: label, concept: null, branch: null };
  figures.months.forEach((value, index) => (row[`m${index + 1}`] = value));
  row.total = figures.total;
  return row;
}

const absolute = (figures: MonthsAndTotal): MonthsAndTotal => ({
  months: figures.months.map(Math.abs),
  total: Math.abs(figures.total),
});

export const profitabilityReport = defineReport({
  id: 'profitability-by-branch',
  title: 'Rentabilidad por sucursal',
  description: 'Ingresos, gastos y balance de cada mes del año.',
  route: routes.profitabilityByBranch,
  filters: ['year', 'branch', 'type'],
  columns: PROFITABILITY_COLUMNS,
  rowKey: (row) => `${String(row.type)}|${String(row.concept)}|${nameOf('branch')(row) ?? ''}`,
  read: (data) => {
    const answer = data as {
      items: Row[];
      totals: { income: MonthsAndTotal; expenses: MonthsAndTotal; balance: MonthsAndTotal };
    };
    const types = new Set(answer.items.map((row) => row.type));
    return {
      rows: answer.items,
      totals: [
        ...(types.has('income')
          ? [profitabilityTotal('Total ingresos', answer.totals.income)]
          : []),
        ...(types.has('expenses')
          ? [profitabilityTotal('Total gastos', answer.totals.expenses)]
          : []),
        // The balance is income − expenses; the screen shows its absolute value (CONTRACT §14).
        ...(types.size === 2
          ? [profitabilityTotal('Balance', absolute(answer.totals.balance))]
          : []),
      ],
    };
  },
  chart: lazy(() => import('../charts/ProfitabilityChart')),
});
