import { TeamOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/personal`. */
export const staffFeature = defineFeature({
  path: 'personal',
  label: 'Personal',
  privilege: 'users',
  page: async () => (await import('./StaffPage')).StaffPage,
  record: async () => (await import('./StaffFormPage')).StaffFormPage,
  nav: {
    group: 'Organización',
    icon: <TeamOutlined />,
    description: 'El equipo de cada sucursal con su expediente y sus contratos.',
  },
});
