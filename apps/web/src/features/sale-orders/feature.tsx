import { ShoppingCartOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/ordenes-de-venta`. */
export const saleOrdersFeature = defineFeature({
  path: 'ordenes-de-venta',
  label: 'Órdenes de venta',
  privilege: 'saleOrder',
  page: async () => (await import('./SaleOrdersPage')).SaleOrdersPage,
  record: async () => (await import('./SaleOrderFormPage')).SaleOrderFormPage,
  nav: {
    group: 'Inventario',
    icon: <ShoppingCartOutlined />,
    description:
      'Ventas a clientes empresariales que salen de los lotes de una sucursal, con su PDF.',
  },
});
