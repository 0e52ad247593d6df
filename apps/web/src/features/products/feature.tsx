import { ShoppingOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/productos`. */
export const productsFeature = defineFeature({
  path: 'productos',
  label: 'Productos',
  privilege: 'products',
  page: async () => (await import('./ProductsPage')).ProductsPage,
  record: async () => (await import('./ProductFormPage')).ProductFormPage,
  nav: {
    group: 'Catálogo',
    icon: <ShoppingOutlined />,
    description: 'Productos de venta, de cabina e insumos, con su aprobación y sus precios.',
  },
});
