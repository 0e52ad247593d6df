import { stockRoutes, sumFields } from '@clinica/domain';
import { totalsRow } from '../cells';
import { defineReport, type ReportColumn, type Row } from '../types';

/**
 * The inventory by branch (spec 002 §9's "Inventory"; `/report/get-stock-by-branch`, CONTRACT §9,
 * privilege `inventory.reports`): one row per lot. It answers a bare list, so its totals are
 * summed here, in whole cents; the prices come only to who may see them, and so do their columns.
 */

const BASE: ReportColumn[] = [
  { key: 'sku', title: 'SKU', kind: 'text' },
  { key: 'category', title: 'Categoría', kind: 'text', width: 20 },
  { key: 'product', title: 'Producto', kind: 'text', width: 40 },
  { key: 'allotment', title: 'Lote', kind: 'text' },
  { key: 'expiresIn', title: 'Caducidad', kind: 'date' },
  { key: 'quantity', title: 'Cantidad', kind: 'count' },
];
const PRICED: ReportColumn[] = [
  ...BASE,
  { key: 'unitPrice', title: 'Precio unitario', kind: 'money' },
  {
    key: 'subtotal',
    title: 'Subtotal',
    kind: 'money',
    value: (row) => Math.round(Number(row.unitPrice ?? 0) * Number(row.quantity) * 100) / 100,
  },
];

const priced = (rows: Row[]) => rows.some((row) => row.unitPrice !== undefined);

export const inventoryReport = defineReport({
  id: 'inventory',
  title: 'Inventario por sucursal',
  description: 'Existencias por lote de una sucursal, con caducidad y costo.',
  route: stockRoutes.report,
  filters: ['requiredBranch'],
  columns: PRICED,
  columnsFor: (rows) => (priced(rows) ? PRICED : BASE),
  rowKey: (row) => `${String(row.sku)}|${String(row.allotment)}|${String(row.expiresIn ?? '')}`,
  read: (data) => {
    const rows = data as Row[];
    const columns = priced(rows) ? PRICED : BASE;
    const figures = rows.map((row) => ({
      quantity: Number(row.quantity),
      subtotal: Number(PRICED[7]!.value!(row)),
    }));
    const sums = sumFields(figures, ['quantity', 'subtotal']);
    return { rows, totals: rows.length ? [totalsRow(columns, sums)] : [] };
  },
});
