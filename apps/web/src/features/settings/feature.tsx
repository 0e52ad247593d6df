import { SettingOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/configuraciones` and its `/editar`. */
export const settingsFeature = defineFeature({
  path: 'configuraciones',
  label: 'Configuraciones',
  privilege: 'setting',
  page: async () => (await import('./SettingsPage')).SettingsPage,
  screens: [
    {
      path: 'editar',
      crumb: 'Editar',
      page: async () => (await import('./SettingsEditPage')).SettingsEditPage,
    },
  ],
  nav: {
    group: 'Administración',
    icon: <SettingOutlined />,
    description: 'Tipo de cambio del dólar, proceso de pago y comisión de cosmetología.',
  },
});
