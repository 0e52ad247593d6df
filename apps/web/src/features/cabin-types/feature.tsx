import { BgColorsOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/tipos-cabina`. */
export const cabinTypesFeature = defineFeature({
  path: 'tipos-cabina',
  label: 'Tipos de cabina',
  privilege: 'cabain_types',
  page: async () => (await import('./CabinTypesPage')).CabinTypesPage,
  record: async () => (await import('./CabinTypeFormPage')).CabinTypeFormPage,
  nav: {
    group: 'Organización',
    icon: <BgColorsOutlined />,
    description: 'El color y el tipo de cita de cada clase de cabina.',
  },
});
