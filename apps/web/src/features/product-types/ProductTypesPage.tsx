import { Descriptions, Flex, Typography } from 'antd';
import { PRODUCT_UPDATE_PATHS, financialLabels } from '@clinica/domain';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { tagColumn, textColumn } from '../../shared/list/columns';
import { detailAction } from '../../shared/list/rowActions';
import { ToneTag } from '../../shared/Tone';
import { fetchProductTypePage, financialFieldsOfType, productTypeKeys } from './api';
import { type ProductType } from '../../shared/lookups';

/** What each type is for, as the clinic uses them. */
const PURPOSES: Record<string, string> = {
  'Cosmetólogo/Venta':
    'Productos que la cosmetóloga vende al cliente: llevan precio de venta, utilidad y puntos.',
  'Médico/Venta': 'Productos que el médico vende o aplica al cliente.',
  'Uso Cabina': 'Productos que se consumen en cabina durante los tratamientos.',
  Insumo: 'Material de uso clínico: agujas, guantes, gasas y demás insumos.',
};

function ProductTypeDetail({ type }: { type: ProductType }) {
  const fields = financialFieldsOfType(type.name);
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0, fontSize: 20 }}>
        {type.name}
      </Typography.Title>
      <Typography.Paragraph style={{ margin: 0, color: '#51605f' }}>
        {PURPOSES[type.name] ?? 'Tipo de producto del catálogo.'}
      </Typography.Paragraph>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'id', label: 'Clave', children: type.id },
          { key: 'name', label: 'Nombre', children: type.name },
          {
            key: 'path',
            label: 'Actualización',
            children:
              type.name in PRODUCT_UPDATE_PATHS
                ? PRODUCT_UPDATE_PATHS[type.name as keyof typeof PRODUCT_UPDATE_PATHS]
                : '—',
          },
          {
            key: 'fields',
            label: 'Precios que llena quien aprueba',
            children: (
              <Flex wrap gap={6}>
                {fields.map((field) => (
                  <ToneTag key={field} tone="teal">
                    {financialLabels[field]}
                  </ToneTag>
                ))}
              </Flex>
            ),
          },
        ]}
      />
    </Flex>
  );
}

const columns = [
  textColumn<ProductType>('name', 'Nombre', (type) => type.name, { sort: true, opensDetail: true }),
  tagColumn<ProductType>(
    'purpose',
    'Uso',
    (type) => <Typography.Text type="secondary">{PURPOSES[type.name] ?? '—'}</Typography.Text>,
    null,
  ),
];

const rowActions = [detailAction<ProductType>()];

/** `/dashboard/tipos-producto` (spec 001 §2): read-only, with a detail drawer. */
export function ProductTypesPage() {
  return (
    <>
      <PageHeader
        title="Tipos de producto"
        description="Las clases de producto del catálogo y los precios que lleva cada una al aprobarse."
      />
      <ResourceList<ProductType>
        listKey={productTypeKeys.all[0]}
        resource="products"
        title="Tipos de producto"
        exportName="tipos-de-producto"
        fetchPage={fetchProductTypePage}
        rowKey={(type) => type.id}
        rowLabel={(type) => type.name}
        columns={columns}
        searchFields={[{ value: 'name', label: 'Nombre' }]}
        defaultSort={{ field: 'name', order: 'ASC' }}
        rowActions={rowActions}
        detail={{
          kind: 'drawer',
          width: 520,
          title: () => 'Tipo de producto',
          render: (type) => <ProductTypeDetail type={type} />,
        }}
        emptyText="No hay tipos de producto con esta búsqueda"
      />
    </>
  );
}
