import { useCallback, useMemo, useState } from 'react';
import { Button, Flex, Modal } from 'antd';
import { ColumnHeightOutlined, FileSearchOutlined, SlidersOutlined } from '@ant-design/icons';
import { roleKeyByName } from '@clinica/domain';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { moneyColumn, tagColumn, textColumn } from '../../shared/list/columns';
import { lookupFilter, selectFilter, statusFilter } from '../../shared/list/filters';
import { detailAction, rowAction } from '../../shared/list/rowActions';
import type { ListQueryParams } from '../../shared/list/fetchAll';
import { formatNumber } from '../../shared/format';
import {
  useBranchFilter,
  useBranchScope,
  useCategoryOptions,
  useProductTypes,
} from '../../shared/lookups';
import { usePrivileges, useSession } from '../../shared/session/hooks';
import { fetchStockPage, stockKeys, type StockRow } from './api';
import { AdjustmentModal } from './AdjustmentModal';
import { STOCK_COLOR_INFO, StockColorTag, StockLegend, type StockColor } from './colors';
import { MaxMinModal } from './MaxMinModal';
import { StockDetailView } from './StockDetailView';
import { StockReport } from './StockReport';
import { expiryText, maxMinText, splitList } from './stockText';
import './inventory.css';

/** Roles the API answers without prices (spec 001 §6), until an answer says otherwise. */
const UNPRICED_ROLES = new Set(['branchManager', 'franchisee']);

const Lines = ({ items }: { items: string[] }) =>
  items.length === 0 ? (
    <span>—</span>
  ) : (
    <span className="stock-cell-list">
      {items.map((item, index) => (
        <span key={`${item}-${index}`}>{item}</span>
      ))}
    </span>
  );

/** No options on the distribution centre's rows (spec 001 §6). */
const clinic = (row: StockRow) => !row.distribution_center;

/**
 * The columns, what matters first: the quantity and its limits right after the product, and the
 * alert pinned beside the options so it stays in sight while the table scrolls. The branch column
 * only for who sees several branches; the price only when the answer carries it.
 */
function columnsFor(priced: boolean, severalBranches: boolean) {
  return [
    textColumn<StockRow>('sku', 'SKU', (row) => row.sku, {
      sort: true,
      mono: true,
      opensDetail: true,
    }),
    textColumn<StockRow>('product', 'Producto', (row) => row.product, { sort: true }),
    ...(severalBranches
      ? [textColumn<StockRow>('branch', 'Sucursal', (row) => row.branch, { sort: true })]
      : []),
    {
      ...tagColumn<StockRow>(
        'quantity',
        'Cantidad',
        (row) => <span className="stock-quantity">{formatNumber(row.quantity)}</span>,
        (row) => row.quantity,
        { sort: true, align: 'right' },
      ),
      nowrap: true,
    },
    { ...textColumn<StockRow>('maxmin', 'Máx. / Mín.', maxMinText), nowrap: true },
    tagColumn<StockRow>(
      'allotment',
      'Lotes',
      (row) => <Lines items={splitList(row.allotment)} />,
      (row) => row.allotment,
    ),
    {
      ...tagColumn<StockRow>(
        'expiresIn',
        'Caducidad',
        (row) => <Lines items={expiryText(row.expiresIn).split(', ').filter(Boolean)} />,
        (row) => expiryText(row.expiresIn),
        { sort: true },
      ),
      nowrap: true,
    },
    textColumn<StockRow>('category', 'Categoría', (row) => row.category ?? '—', { sort: true }),
    ...(priced
      ? [moneyColumn<StockRow>('unitPrice', 'Precio unitario', (row) => row.unitPrice)]
      : []),
    tagColumn<StockRow>(
      'color',
      'Alerta',
      (row) => <StockColorTag color={row.color} />,
      (row) => (row.color ? STOCK_COLOR_INFO[row.color].label : ''),
      { pinned: true },
    ),
  ];
}

/**
 * `/dashboard/inventario` (spec 001 §2, §4–§6; CONTRACT §9): one row per branch and product with
 * its lots, coloured by expiry (danger) and max/min (volcano); the detail, the adjustment and the
 * max/min modals; and the branch manager's stock-by-branch report.
 */
export function InventoryPage() {
  const session = useSession();
  const { can } = usePrivileges();
  const scope = useBranchScope();
  const roleKey = roleKeyByName(session?.user.role ?? '');
  const branchFilter = useBranchFilter();
  const categories = useCategoryOptions('product');
  const productTypes = useProductTypes();
  const [adjusting, setAdjusting] = useState<StockRow | null>(null);
  const [limiting, setLimiting] = useState<StockRow | null>(null);
  const [reportOpen, setReportOpen] = useState(false);
  // The price column follows the answer: the API leaves prices out for who may not see them.
  const [answeredPrices, setAnsweredPrices] = useState<boolean | null>(null);
  const priced = answeredPrices ?? !UNPRICED_ROLES.has(roleKey ?? '');

  const fetchPage = useCallback(async (query: ListQueryParams, signal?: AbortSignal) => {
    const page = await fetchStockPage(query, signal);
    if (page.items.length > 0) {
      setAnsweredPrices(page.items.some((row) => row.unitPrice !== undefined));
    }
    return page;
  }, []);

  const columns = useMemo(() => columnsFor(priced, !scope.fixed), [priced, scope.fixed]);

  const filters = useMemo(
    () => [
      ...branchFilter,
      lookupFilter('categoryId', 'Categoría', categories, 180),
      selectFilter(
        'productTypeId',
        'Tipo de producto',
        (productTypes.data ?? []).map((type) => ({ value: type.id, label: type.name })),
        { width: 180, loading: productTypes.isLoading },
      ),
      statusFilter(),
      selectFilter(
        'color',
        'Alerta',
        (Object.keys(STOCK_COLOR_INFO) as StockColor[]).map((color) => ({
          value: color,
          label: STOCK_COLOR_INFO[color].label,
        })),
        { width: 180 },
      ),
    ],
    [
      branchFilter,
      categories.data,
      categories.isLoading,
      productTypes.data,
      productTypes.isLoading,
    ],
  );

  const rowActions = useMemo(
    () => [
      { ...detailAction<StockRow>('Detalle'), visible: clinic },
      rowAction<StockRow>('adjustment', 'Ajuste', 'adjustment', <SlidersOutlined />, {
        onSelect: setAdjusting,
        visible: clinic,
      }),
      rowAction<StockRow>('maxmin', 'Máximos y mínimos', 'maxmin', <ColumnHeightOutlined />, {
        onSelect: setLimiting,
        visible: clinic,
      }),
    ],
    [],
  );

  // The report block is the branch manager's; who chooses branches opens it with a selector.
  const reportBlock = roleKey === 'branchManager' && can('inventory', 'reports');
  const reportView = !reportBlock && !scope.fixed && can('inventory', 'reports');

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <PageHeader
        title="Inventario"
        description="Existencias por sucursal y producto, con sus lotes y caducidades, máximos y mínimos."
        extra={
          reportView && (
            <Button icon={<FileSearchOutlined />} onClick={() => setReportOpen(true)}>
              Reporte por sucursal
            </Button>
          )
        }
      />
      <ResourceList<StockRow>
        listKey={stockKeys.all[0]}
        resource="inventory"
        title="Inventario"
        exportName="inventario"
        fetchPage={fetchPage}
        rowKey={(row) => row.id}
        rowLabel={(row) => `${row.product} (${row.sku}) en ${row.branch}`}
        rowClassName={(row) => (row.color ? `stock-row--${row.color}` : undefined)}
        legend={<StockLegend />}
        columns={columns}
        searchFields={[
          { value: 'product', label: 'Producto' },
          { value: 'sku', label: 'SKU' },
        ]}
        filters={filters}
        defaultFilters={{ status: '1' }}
        defaultSort={{ field: 'product', order: 'ASC' }}
        rowActions={rowActions}
        detail={
          can('inventory', 'show')
            ? {
                kind: 'modal',
                width: 960,
                title: (row) => `${row.product} · ${row.branch}`,
                render: (row) => (
                  <StockDetailView branchId={row.branchId} productId={row.productId} />
                ),
              }
            : undefined
        }
        emptyText="No hay existencias con estos filtros"
      />
      {reportBlock && <StockReport />}
      <AdjustmentModal row={adjusting} onClose={() => setAdjusting(null)} />
      <MaxMinModal row={limiting} onClose={() => setLimiting(null)} />
      {reportView && (
        <Modal
          title="Reporte de inventario por sucursal"
          open={reportOpen}
          width={1120}
          onCancel={() => setReportOpen(false)}
          footer={<Button onClick={() => setReportOpen(false)}>Cerrar</Button>}
          destroyOnHidden
        >
          <StockReport titled={false} />
        </Modal>
      )}
    </Flex>
  );
}
