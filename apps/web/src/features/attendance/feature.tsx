import { FieldTimeOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/asistencia`. */
export const attendanceFeature = defineFeature({
  path: 'asistencia',
  label: 'Asistencia',
  privilege: 'users',
  page: async () => (await import('./AttendancePage')).AttendancePage,
  nav: {
    group: 'Organización',
    icon: <FieldTimeOutlined />,
    description: 'Quién llegó y a qué hora, registrado con «Registrar Entrada».',
  },
});
