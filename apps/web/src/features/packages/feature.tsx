import { GiftOutlined, TagsOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/paquetes` and `/dashboard/promociones`: one resource, `/package`, by type. */
export const packagesFeature = defineFeature({
  path: 'paquetes',
  label: 'Paquetes',
  privilege: 'packages',
  page: async () => (await import('./OffersPage')).PackagesPage,
  record: async () => (await import('./OfferFormPage')).PackageFormPage,
  nav: {
    group: 'Catálogo',
    icon: <GiftOutlined />,
    description: 'Paquetes de sesiones de tratamientos: sucursales, vigencia, horario y pagos.',
  },
});

export const promotionsFeature = defineFeature({
  path: 'promociones',
  label: 'Promociones',
  privilege: 'promotions',
  page: async () => (await import('./OffersPage')).PromotionsPage,
  record: async () => (await import('./OfferFormPage')).PromotionFormPage,
  nav: {
    group: 'Catálogo',
    icon: <TagsOutlined />,
    description: 'Promociones por tiempo limitado o por horario, con su precio de promoción.',
  },
});
