import { useMemo } from 'react';
import { Flex, Typography } from 'antd';
import { AppstoreOutlined, AuditOutlined, PictureOutlined } from '@ant-design/icons';
import { APPROVAL_STATUSES, approvalLabels, productEditRules } from '@clinica/domain';
import { usePrivileges } from '../../shared/session/hooks';
import { thumbnailUrl } from '../../shared/form/ImagesField';
import { LinkButton } from '../../shared/LinkButton';
import { formatContent } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { activeColumn, moneyColumn, tagColumn, textColumn } from '../../shared/list/columns';
import { lookupFilter, selectFilter, statusFilter } from '../../shared/list/filters';
import { detailAction, editAction, rowAction } from '../../shared/list/rowActions';
import { fetchProductPage, productKeys, removeProduct, type Product } from './api';
import { ApprovalTag } from './ApprovalTag';
import { ProductDetail } from './ProductDetail';
import './products.css';
import { lookupEndpoints } from '../../shared/lookups/endpoints';
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

const columns = [
  textColumn<Product>('sku', 'SKU', (product) => product.sku, {
    sort: true,
    mono: true,
    opensDetail: true,
  }),
  tagColumn<Product>(
    'name',
    'Producto',
    (product) => (
      <Flex align="center" gap={10}>
        <Thumb product={product} />
        <Flex vertical>
          <span style={{ fontWeight: 500 }}>{product.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {product.brand} ·{' '}
            {formatContent(product.content, product.measureUnit, product.contentType)}
          </Typography.Text>
        </Flex>
      </Flex>
    ),
    (product) => product.name,
    { sort: true },
  ),
  textColumn<Product>('type', 'Tipo', (product) => product.productType.name, { sort: true }),
  moneyColumn<Product>('cost', 'Costo con IVA', (product) => product.costWithTax, { sort: true }),
  moneyColumn<Product>('franchisePrice', 'Precio franquicia', (product) => product.franchisePrice),
  tagColumn<Product>(
    'approval',
    'Aprobación',
    (product) => <ApprovalTag status={product.approvalStatus} />,
    (product) => product.approvalLabel,
  ),
  activeColumn<Product>('status', (product) => product.status),
];

/** `/dashboard/productos` (spec 001 §2): the SKU opens the 700-wide drawer. */
export function ProductsPage() {
  const { can, canCall } = usePrivileges();
  const providers = useProviderOptions();
  // Only for those who may read the providers: the filter would call what they cannot use.
  const providersReadable = canCall(lookupEndpoints.providers);
  const approver = can('products', 'approve');
  const visibleColumns = useMemo(
    () => (approver ? columns : columns.filter((column) => !APPROVER_COLUMNS.has(column.key))),
    [approver],
  );

  const filters = useMemo(
    () => [
      statusFilter(),
      selectFilter(
        'isApproved',
        'Aprobación',
        APPROVAL_STATUSES.map((status) => ({ value: status, label: approvalLabels[status] })),
        { width: 160 },
      ),
      ...(providersReadable ? [lookupFilter('providerId', 'Proveedor', providers, 220)] : []),
    ],
    [providers.data, providers.isLoading, providersReadable],
  );

  const rowActions = useMemo(
    () => [
      detailAction<Product>(),
      rowAction<Product>('review', 'Revisar', 'approve', <AuditOutlined />, {
        to: (product) => `/dashboard/productos/${product.id}`,
        // The action itself asks approve; the state decides whether there is anything to review.
        visible: (product) => productEditRules(product.approvalStatus, true).reviewable,
      }),
      {
        ...editAction<Product>((product) => `/dashboard/productos/${product.id}`),
        // An approver reviews a pending product instead of editing it (spec 001 §4).
        visible: (product: Product) =>
          !productEditRules(product.approvalStatus, approver).reviewable,
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
