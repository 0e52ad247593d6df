import { TagsOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/cupones` (spec 002 §2). */
export const couponsFeature = defineFeature({
  path: 'cupones',
  label: 'Cupones',
  privilege: 'coupons',
  page: async () => (await import('./CouponsPage')).CouponsPage,
  record: async () => (await import('./CouponFormPage')).CouponFormPage,
  nav: {
    group: 'Catálogo',
    icon: <TagsOutlined />,
    description: 'Códigos de descuento por tratamiento o producto, sus usos y vigencia.',
  },
});
