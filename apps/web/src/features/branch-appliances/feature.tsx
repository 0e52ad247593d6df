import { NodeIndexOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

const linkForm = async () => (await import('./BranchApplianceFormPage')).BranchApplianceFormPage;

/** `/dashboard/aparatos-sucursal`. */
export const branchAppliancesFeature = defineFeature({
  path: 'aparatos-sucursal',
  label: 'Aparatos por sucursal',
  privilege: 'appliances',
  page: async () => (await import('./BranchAppliancesPage')).BranchAppliancesPage,
  record: linkForm,
  // Linking an appliance to a branch is this list's create (spec 002 §2).
  screens: [{ path: 'vincular', crumb: 'Vincular', page: linkForm }],
  nav: {
    group: 'Catálogo',
    icon: <NodeIndexOutlined />,
    description: 'Qué aparato hay en cada sucursal y su último mantenimiento.',
  },
});
