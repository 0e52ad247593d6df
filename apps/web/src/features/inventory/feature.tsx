import { InboxOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/inventario` (spec 001 §2). */
export const inventoryFeature = defineFeature({
  path: 'inventario',
  label: 'Inventario',
  privilege: 'inventory',
  page: async () => (await import('./InventoryPage')).InventoryPage,
  nav: {
    group: 'Inventario',
    icon: <InboxOutlined />,
    description: 'Existencias por sucursal y lote, caducidades, ajustes y máximos y mínimos.',
  },
});
