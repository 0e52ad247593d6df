import { ShopOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/sucursales`. */
export const branchesFeature = defineFeature({
  path: 'sucursales',
  label: 'Sucursales',
  privilege: 'branch',
  page: async () => (await import('./BranchesPage')).BranchesPage,
  record: async () => (await import('./BranchFormPage')).BranchFormPage,
  nav: {
    group: 'Organización',
    icon: <ShopOutlined />,
    description: 'Clínicas y centro de distribución: datos fiscales y horarios.',
  },
});
