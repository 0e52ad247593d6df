import { ShoppingCartOutlined, SyncOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/ordenes-de-surtido`: one form for create, approve and confirm (spec 001 §2). */
export const assortmentOrdersFeature = defineFeature({
  path: 'ordenes-de-surtido',
  label: 'Órdenes de surtido',
  privilege: 'assortmentOrder',
  page: async () => (await import('./AssortmentOrdersPage')).AssortmentOrdersPage,
  record: async () => (await import('./AssortmentOrderFormPage')).AssortmentOrderFormPage,
  nav: {
    group: 'Inventario',
    icon: <ShoppingCartOutlined />,
    description: 'Lo que cada sucursal pide al CEDIS: aprobación con lotes, envío y recepción.',
  },
});

/** `/dashboard/resurtidos` (spec 001 §2): the assortment orders of the user's branch. */
export const restocksFeature = defineFeature({
  path: 'resurtidos',
  label: 'Resurtidos',
  privilege: 'assortmentOrder',
  page: async () => (await import('./RestocksPage')).RestocksPage,
  record: async () => (await import('./RestockPage')).RestockPage,
  nav: {
    group: 'Inventario',
    icon: <SyncOutlined />,
    description: 'Los resurtidos de tu sucursal y en qué van.',
  },
});
