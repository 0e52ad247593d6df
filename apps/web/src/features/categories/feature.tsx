import { TagsOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/categorias`. */
export const categoriesFeature = defineFeature({
  path: 'categorias',
  label: 'Categorías',
  privilege: 'category',
  page: async () => (await import('./CategoriesPage')).CategoriesPage,
  record: async () => (await import('./CategoryFormPage')).CategoryFormPage,
  nav: {
    group: 'Organización',
    icon: <TagsOutlined />,
    description: 'Categorías de tratamientos y de productos.',
  },
});
