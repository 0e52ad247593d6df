import { useMemo } from 'react';
import { Flex, Typography } from 'antd';
import {
  AppstoreOutlined,
  AuditOutlined,
  EditOutlined,
  EyeOutlined,
  PictureOutlined,
} from '@ant-design/icons';
import { APPROVAL_STATUSES, approvalLabels } from '@clinica/domain';
import { usePrivileges } from '../../shared/session/hooks';
import { thumbnailUrl } from '../../shared/form/ImagesField';
import { formatMoney } from '../../shared/format';
import { LinkButton } from '../../shared/LinkButton';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import type { ListColumn, ListFilter, RowAction } from '../../shared/list/types';
import { ToneTag } from '../../shared/Tone';
import { fetchProductPage, productKeys, removeProduct, type Product } from './api';
import { ApprovalTag } from './ApprovalTag';
import { ProductDetail } from './ProductDetail';
import './products.css';
import { useProviderOptions } from '../../shared/lookups';

function Thumb({ product }: { product: Product }) {
  const photo = product.photos[0];
  return photo ? (
    <img className="product-thumb" src={thumbnailUrl(photo.name)} alt="" loading="lazy" />
  ) : (
    <span className="product-thumb product-thumb--empty" aria-hidden="true">
      <PictureOutlined />
    </span>
  );
}

/** The approver's figures (spec 001 §6: approve gates the financial fields). */
const APPROVER_COLUMNS = new Set(['franchisePrice']);

const columns: ListColumn<Product>[] = [
  {
    key: 'sku',
    title: 'SKU',
    sortField: 'sku',
    opensDetail: true,
    render: (product) => <span style={{ fontFamily: 'monospace' }}>{product.sku}</span>,
    exportValue: (product) => product.sku,
  },
  {
    key: 'name',
    title: 'Producto',
    sortField: 'name',
    render: (product) => (
      <Flex align="center" gap={10}>
        <Thumb product={product} />
        <Flex vertical>
          <span style={{ fontWeight: 500 }}>{product.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {product.brand} · {product.contentLabel}
          </Typography.Text>
        </Flex>
      </Flex>
    ),
    exportValue: (product) => product.name,
  },
  {
    key: 'type',
    title: 'Tipo',
    sortField: 'type',
    render: (product) => product.productType.name,
    exportValue: (product) => product.productType.name,
  },
  {
    key: 'cost',
    title: 'Costo con IVA',
    sortField: 'cost',
    align: 'right',
    render: (product) => formatMoney(product.costWithTax),
    exportValue: (product) => product.costWithTax,
  },
  {
    key: 'franchisePrice',
    title: 'Precio franquicia',
    align: 'right',
    render: (product) =>
      product.franchisePrice === null ? (
        <Typography.Text type="secondary">—</Typography.Text>
      ) : (
        formatMoney(product.franchisePrice)
      ),
    exportValue: (product) => product.franchisePrice,
  },
  {
    key: 'approval',
    title: 'Aprobación',
    render: (product) => <ApprovalTag status={product.approvalStatus} />,
    exportValue: (product) => product.approvalLabel,
  },
  {
    key: 'status',
    title: 'Estatus',
    render: (product) =>
      product.status ? (
        <ToneTag tone="teal">Activo</ToneTag>
      ) : (
        <ToneTag tone="gray">Inactivo</ToneTag>
      ),
    exportValue: (product) => (product.status ? 'Activo' : 'Inactivo'),
  },
];

/** `/dashboard/productos` (spec 001 §2): the SKU opens the 700-wide drawer. */
export function ProductsPage() {
  const { can } = usePrivileges();
  const providers = useProviderOptions();
  const approver = can('products', 'approve');
  const visibleColumns = useMemo(
    () => (approver ? columns : columns.filter((column) => !APPROVER_COLUMNS.has(column.key))),
    [approver],
  );

  const filters = useMemo<ListFilter[]>(
    () => [
      {
        kind: 'select',
        name: 'status',
        label: 'Estatus',
        width: 140,
        options: [
          { value: '1', label: 'Activos' },
          { value: '0', label: 'Inactivos' },
        ],
      },
      {
        kind: 'select',
        name: 'isApproved',
        label: 'Aprobación',
        width: 160,
        options: APPROVAL_STATUSES.map((status) => ({
          value: status,
          label: approvalLabels[status],
        })),
      },
      {
        kind: 'select',
        name: 'providerId',
        label: 'Proveedor',
        width: 220,
        loading: providers.isLoading,
        options: (providers.data ?? []).map((provider) => ({
          value: provider.id,
          label: provider.name,
        })),
      },
    ],
    [providers.data, providers.isLoading],
  );

  const rowActions = useMemo<RowAction<Product>[]>(
    () => [
      {
        key: 'detail',
        label: 'Ver detalle',
        action: 'show',
        icon: <EyeOutlined />,
        opensDetail: true,
      },
      {
        key: 'review',
        label: 'Revisar',
        action: 'approve',
        icon: <AuditOutlined />,
        to: (product) => `/dashboard/productos/${product.id}`,
        visible: (product) => product.approvalStatus === 'pending',
      },
      {
        key: 'edit',
        label: 'Editar',
        action: 'edit',
        icon: <EditOutlined />,
        to: (product) => `/dashboard/productos/${product.id}`,
        // An approver reviews a pending product instead of editing it (spec 001 §4).
        visible: (product) => !(approver && product.approvalStatus === 'pending'),
      },
    ],
    [approver],
  );

  return (
    <>
      <PageHeader
        title="Productos"
        description="El catálogo de productos de venta, de uso en cabina e insumos, con su aprobación y sus precios."
        extra={
          can('products', 'create') && (
            <LinkButton to="/dashboard/tipos-producto" icon={<AppstoreOutlined />}>
              Tipo de producto
            </LinkButton>
          )
        }
      />
      <ResourceList<Product>
        listKey={productKeys.all[0]}
        resource="products"
        title="Productos"
        exportName="productos"
        fetchPage={fetchProductPage}
        rowKey={(product) => product.id}
        rowLabel={(product) => `${product.name} (${product.sku})`}
        columns={visibleColumns}
        searchFields={[
          { value: 'sku', label: 'SKU' },
          { value: 'name', label: 'Nombre' },
          { value: 'brand', label: 'Marca' },
          { value: 'barCode', label: 'Código de barras' },
        ]}
        filters={filters}
        fixedQuery={{ withDeleted: false }}
        defaultSort={{ field: 'name', order: 'ASC' }}
        rowActions={rowActions}
        remove={removeProduct}
        createPath="/dashboard/productos/crear"
        detail={{
          kind: 'drawer',
          width: 700,
          title: (product) => `Producto ${product.sku}`,
          render: (product) => <ProductDetail product={product} />,
        }}
        emptyText="No hay productos con estos filtros"
      />
    </>
  );
}
