import { GoldOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/tipos-producto`. */
export const productTypesFeature = defineFeature({
  path: 'tipos-producto',
  label: 'Tipos de producto',
  privilege: 'products',
  page: async () => (await import('./ProductTypesPage')).ProductTypesPage,
  nav: {
    group: 'Catálogo',
    icon: <GoldOutlined />,
    description: 'Las clases de producto y qué precios lleva cada una.',
  },
});
