import { ToolOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/aparatos`. */
export const appliancesFeature = defineFeature({
  path: 'aparatos',
  label: 'Aparatos',
  privilege: 'appliances',
  page: async () => (await import('./AppliancesPage')).AppliancesPage,
  record: async () => (await import('./ApplianceFormPage')).ApplianceFormPage,
  nav: {
    group: 'Catálogo',
    icon: <ToolOutlined />,
    description: 'Los equipos de la cadena, su marca, modelo y estado.',
  },
});
