import { DollarOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';
import { CHANNELS } from './channels';

/**
 * The three sales screens (spec 002 §2), one list each `saleType`, and the point of sale at
 * `/dashboard/ventas-en-sucursal/nueva` (ours: the clinic sells from the back office too).
 */
export const posSalesFeature = defineFeature({
  path: CHANNELS.POS.path,
  label: CHANNELS.POS.label,
  privilege: 'sales',
  page: async () => (await import('./SalesPage')).PosSalesPage,
  screens: [
    {
      path: 'nueva',
      crumb: 'Nueva venta',
      page: async () => (await import('./pos/PointOfSalePage')).PointOfSalePage,
    },
  ],
  nav: { group: 'Ventas', icon: <DollarOutlined />, description: CHANNELS.POS.description },
});

export const appSalesFeature = defineFeature({
  path: CHANNELS.App.path,
  label: CHANNELS.App.label,
  privilege: 'sales',
  page: async () => (await import('./SalesPage')).AppSalesPage,
  nav: { group: 'Ventas', icon: <DollarOutlined />, description: CHANNELS.App.description },
});

export const onlineSalesFeature = defineFeature({
  path: CHANNELS.online.path,
  label: CHANNELS.online.label,
  privilege: 'sales',
  page: async () => (await import('./SalesPage')).OnlineSalesPage,
  nav: { group: 'Ventas', icon: <DollarOutlined />, description: CHANNELS.online.description },
});
