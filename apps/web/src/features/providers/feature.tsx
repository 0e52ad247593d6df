import { ContainerOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/proveedores`. */
export const providersFeature = defineFeature({
  path: 'proveedores',
  label: 'Proveedores',
  privilege: 'providers',
  page: async () => (await import('./ProvidersPage')).ProvidersPage,
  record: async () => (await import('./ProviderFormPage')).ProviderFormPage,
  nav: {
    group: 'Catálogo',
    icon: <ContainerOutlined />,
    description: 'Quién surte los productos, con sus datos fiscales y de pago.',
  },
});
