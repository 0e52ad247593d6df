import { AimOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/metas`. */
export const goalsFeature = defineFeature({
  path: 'metas',
  label: 'Metas',
  privilege: 'goal',
  page: async () => (await import('./GoalsPage')).GoalsPage,
  record: async () => (await import('./GoalFormPage')).GoalFormPage,
  nav: {
    group: 'Administración',
    icon: <AimOutlined />,
    description: 'La meta de venta de cada sucursal por mes y cuánto falta para alcanzarla.',
  },
});
