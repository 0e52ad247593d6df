import { Descriptions } from 'antd';
import { CATEGORY_TYPES, categoryTypeLabels } from '@clinica/domain';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { tagColumn, textColumn } from '../../shared/list/columns';
import { recordActions } from '../../shared/list/rowActions';
import type { ListFilter } from '../../shared/list/types';
import { ToneTag } from '../../shared/Tone';
import { categoryKeys, fetchCategoryPage, removeCategory, type Category } from './api';

export function CategoryType({ type }: { type: Category['type'] }) {
  return (
    <ToneTag tone={type === 'treatment' ? 'teal' : 'purple'}>{categoryTypeLabels[type]}</ToneTag>
  );
}

const columns = [
  textColumn<Category>('name', 'Nombre', (category) => category.name, {
    sort: true,
    opensDetail: true,
  }),
  tagColumn<Category>(
    'type',
    'Tipo',
    (category) => <CategoryType type={category.type} />,
    (category) => categoryTypeLabels[category.type],
    { sort: true, width: 200 },
  ),
];

const filters: ListFilter[] = [
  {
    kind: 'select',
    name: 'type',
    label: 'Tipo',
    width: 170,
    options: CATEGORY_TYPES.map((type) => ({ value: type, label: categoryTypeLabels[type] })),
  },
];

const rowActions = recordActions<Category>('/dashboard/categorias');

/** `/dashboard/categorias` (spec 000 §2). */
export function CategoriesPage() {
  return (
    <>
      <PageHeader
        title="Categorías"
        description="Agrupan los tratamientos y los productos del catálogo."
      />
      <ResourceList<Category>
        listKey={categoryKeys.all[0]}
        resource="category"
        title="Categorías"
        exportName="categorias"
        fetchPage={fetchCategoryPage}
        rowKey={(category) => category.id}
        rowLabel={(category) => category.name}
        columns={columns}
        searchFields={[{ value: 'name', label: 'Nombre' }]}
        filters={filters}
        defaultSort={{ field: 'name', order: 'ASC' }}
        rowActions={rowActions}
        remove={removeCategory}
        createPath="/dashboard/categorias/crear"
        detail={{
          title: () => 'Categoría',
          width: 520,
          render: (category) => (
            <Descriptions
              bordered
              size="small"
              column={1}
              items={[
                { key: 'name', label: 'Nombre', children: category.name },
                { key: 'type', label: 'Tipo', children: <CategoryType type={category.type} /> },
              ]}
            />
          ),
        }}
        emptyText="No hay categorías con estos filtros"
      />
    </>
  );
}
