import { TeamOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/clientes` (spec 002 §2). */
export const customersFeature = defineFeature({
  path: 'clientes',
  label: 'Clientes',
  privilege: 'clients',
  page: async () => (await import('./CustomersPage')).CustomersPage,
  record: async () => (await import('./CustomerFormPage')).CustomerFormPage,
  nav: {
    group: 'Clientes',
    icon: <TeamOutlined />,
    description: 'Los clientes de la cadena, sus tutores, notas y cancelaciones.',
  },
});
