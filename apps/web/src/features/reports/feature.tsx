import { BarChartOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/**
 * `/dashboard/reportes` (spec 002 §2, §9): the owners' reports. Opened by `reports` or by
 * `Rentability` (profitability alone); each entry of the catalogue shows by its own route's access.
 */
export const reportsFeature = defineFeature({
  path: 'reportes',
  label: 'Reportes',
  privilege: 'reports',
  openedAlsoBy: ['Rentability'],
  page: async () => (await import('./ReportsPage')).ReportsPage,
  nav: {
    group: 'Administración',
    icon: <BarChartOutlined />,
    description: 'Ventas, cortes, rentabilidad, gastos, inventario, citas y comisiones.',
  },
});
