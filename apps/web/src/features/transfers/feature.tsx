import { SwapOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/transferencias`. */
export const transfersFeature = defineFeature({
  path: 'transferencias',
  label: 'Transferencias',
  privilege: 'transfers',
  page: async () => (await import('./TransfersPage')).TransfersPage,
  record: async () => (await import('./TransferFormPage')).TransferFormPage,
  nav: {
    group: 'Inventario',
    icon: <SwapOutlined />,
    description:
      'Productos que una sucursal envía a otra: aprobación, envío y recepción, con su PDF.',
  },
});
