import { FileDoneOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/ordenes-de-compra`. */
export const purchaseOrdersFeature = defineFeature({
  path: 'ordenes-de-compra',
  label: 'Órdenes de compra',
  privilege: 'purchaseOrder',
  page: async () => (await import('./PurchaseOrdersPage')).PurchaseOrdersPage,
  record: async () => (await import('./PurchaseOrderFormPage')).PurchaseOrderFormPage,
  nav: {
    group: 'Inventario',
    icon: <FileDoneOutlined />,
    description: 'Compras a proveedores que entran al CEDIS, con sus lotes, su pago y su PDF.',
  },
});
