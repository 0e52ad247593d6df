import { HistoryOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/historial`. */
export const historyFeature = defineFeature({
  path: 'historial',
  label: 'Historial',
  privilege: 'history',
  page: async () => (await import('./HistoryPage')).HistoryPage,
  nav: {
    group: 'Administración',
    icon: <HistoryOutlined />,
    description: 'Quién cambió qué y cuándo, con el antes y el después.',
  },
});
