import { reportStockRoutes as routes } from '@clinica/domain';
import { nameOf } from '../cells';
import { defineReport, type ReportColumn } from '../types';
import { itemsAndTotals } from './activity';

/**
 * The stock and expense reports (CONTRACT §14; `packages/domain/src/routes/reports-stock.ts`):
 * expenses by branch, general expenses by product and the general inventory.
 */

const money = (key: string, title: string): ReportColumn => ({ key, title, kind: 'money' });

const BRANCH_EXPENSE_COLUMNS: ReportColumn[] = [
  { key: 'branch', title: 'Sucursal', kind: 'text', value: nameOf('branch') },
  { key: 'month', title: 'Mes', kind: 'month' },
  money('assortment', 'Surtido'),
  money('transfersReceived', 'Traspasos recibidos'),
  money('transfersSent', 'Traspasos enviados'),
  money('returns', 'Devoluciones al CEDIS'),
  money('total', 'Total'),
];

export const branchExpensesReport = defineReport({
  id: 'branch-expenses',
  title: 'Gastos por sucursal',
  description: 'Surtido, traspasos y devoluciones del mes, a costo.',
  route: routes.branchExpenses,
  filters: ['month', 'branch'],
  columns: BRANCH_EXPENSE_COLUMNS,
  read: itemsAndTotals(BRANCH_EXPENSE_COLUMNS),
});

const PRODUCT_EXPENSE_COLUMNS: ReportColumn[] = [
  { key: 'sku', title: 'SKU', kind: 'text' },
  { key: 'name', title: 'Producto', kind: 'text', width: 36 },
  { key: 'category', title: 'Categoría', kind: 'text', width: 22 },
  { key: 'quantity', title: 'Cantidad', kind: 'count' },
  money('totalAmount', 'Importe'),
];

export const generalExpensesByProductReport = defineReport({
  id: 'general-expenses-by-product',
  title: 'Gastos generales por producto',
  description: 'Lo comprado en el mes por producto, con impuestos.',
  route: routes.generalExpensesByProduct,
  filters: ['month'],
  columns: PRODUCT_EXPENSE_COLUMNS,
  rowKey: (row) => String(row.sku),
  read: itemsAndTotals(PRODUCT_EXPENSE_COLUMNS),
});

const INVENTORY_COLUMNS: ReportColumn[] = [
  { key: 'name', title: 'Sucursal', kind: 'text', width: 28 },
  money('totalAmount', 'Valor del inventario'),
];

export const generalInventoryReport = defineReport({
  id: 'general-inventory',
  title: 'Inventario general',
  description: 'El valor a costo del inventario de cada sucursal al cierre del mes.',
  route: routes.generalInventory,
  filters: ['monthRange', 'branch'],
  columns: INVENTORY_COLUMNS,
  read: itemsAndTotals(INVENTORY_COLUMNS),
});
