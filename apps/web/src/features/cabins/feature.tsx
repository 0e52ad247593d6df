import { AppstoreOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/cabinas`. */
export const cabinsFeature = defineFeature({
  path: 'cabinas',
  label: 'Cabinas',
  privilege: 'cabain',
  page: async () => (await import('./CabinsPage')).CabinsPage,
  record: async () => (await import('./CabinFormPage')).CabinFormPage,
  nav: {
    group: 'Organización',
    icon: <AppstoreOutlined />,
    description: 'Las salas de tratamiento de cada sucursal y su horario.',
  },
});
