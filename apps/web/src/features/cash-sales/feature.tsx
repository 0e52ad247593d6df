import { ShoppingOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** Products sold at the counter (spec 002 §2: `/dashboard/ventas-sucursal-producto`). */
export const cashSalesFeature = defineFeature({
  path: 'ventas-sucursal-producto',
  label: 'Ventas de productos',
  privilege: 'sales',
  page: async () => (await import('./CashSalesPage')).CashSalesPage,
  nav: {
    group: 'Ventas',
    icon: <ShoppingOutlined />,
    description: 'Cremas y productos vendidos en mostrador, de los lotes de la sucursal',
  },
});
