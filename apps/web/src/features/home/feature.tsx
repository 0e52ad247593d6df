import { HomeOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/inicio`. */
export const homeFeature = defineFeature({
  path: 'inicio',
  label: 'Inicio',
  privilege: null,
  page: async () => (await import('./HomePage')).HomePage,
  nav: {
    group: null,
    icon: <HomeOutlined />,
    description: 'Resumen de tu sucursal y tus accesos.',
  },
});
