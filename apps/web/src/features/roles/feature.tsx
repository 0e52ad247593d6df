import { ApartmentOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/roles`. */
export const rolesFeature = defineFeature({
  path: 'roles',
  label: 'Roles y privilegios',
  privilege: 'role',
  page: async () => (await import('./RolesPage')).RolesPage,
  record: async () => (await import('./RoleEditorPage')).RoleEditorPage,
  nav: {
    group: 'Administración',
    icon: <ApartmentOutlined />,
    description: 'Qué puede ver y hacer cada rol en cada módulo.',
  },
});
