import { MedicineBoxOutlined, HeartOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** Medical commissions (spec 002 §2: `/dashboard/comisiones-medicas`). */
export const medicCommissionsFeature = defineFeature({
  path: 'comisiones-medicas',
  label: 'Comisiones médicas',
  privilege: 'medic_comission',
  page: async () => (await import('./MedicCommissionsPage')).MedicCommissionsPage,
  nav: {
    group: 'Ventas',
    icon: <MedicineBoxOutlined />,
    description: 'Honorarios de los médicos por cita terminada, con ISR y neto',
  },
});

/** Cosmetology commissions (spec 002 §2: `/dashboard/comisiones-cosmetologicas`). */
export const cosmetologyCommissionsFeature = defineFeature({
  path: 'comisiones-cosmetologicas',
  label: 'Comisiones cosmetológicas',
  privilege: 'cosmetologic_comission',
  page: async () => (await import('./CosmetologyCommissionsPage')).CosmetologyCommissionsPage,
  nav: {
    group: 'Ventas',
    icon: <HeartOutlined />,
    description: 'Comisiones de las cosmetólogas por venta de productos',
  },
});
