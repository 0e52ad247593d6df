import { useMemo } from 'react';
import { Descriptions, Flex, Typography } from 'antd';
import { EditOutlined, EyeOutlined, LinkOutlined, ToolOutlined } from '@ant-design/icons';
import { usePrivileges } from '../../shared/session/hooks';
import { formatLocalDate } from '../../shared/format';
import { LinkButton } from '../../shared/LinkButton';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import type { ListColumn, ListFilter, RowAction } from '../../shared/list/types';
import { ActiveTag, ApplianceStatusTag } from '../../shared/ApplianceStatusTag';
import {
  branchApplianceKeys,
  fetchBranchAppliancePage,
  removeBranchAppliance,
  useFixedBranch,
  type BranchAppliance,
} from './api';
import { useBranchOptions, useApplianceOptions } from '../../shared/lookups';

function LinkDetail({ link }: { link: BranchAppliance }) {
  return (
    <Flex vertical gap={16}>
      <div>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={3} style={{ margin: 0, fontSize: 20 }}>
            {link.appliance.name}
          </Typography.Title>
          <ApplianceStatusTag status={link.statusDescription} />
          <ActiveTag active={link.status} />
        </Flex>
        <Typography.Text type="secondary">
          {link.appliance.brand} · {link.appliance.model}
        </Typography.Text>
      </div>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'branch', label: 'Sucursal', children: link.branch.name },
          { key: 'sku', label: 'Número de equipo (SKU)', children: link.sku },
          {
            key: 'maintenance',
            label: 'Último mantenimiento',
            children: formatLocalDate(link.lastMaintenance) || 'Sin registro',
          },
          { key: 'comments', label: 'Comentarios', children: link.comments || '—' },
        ]}
      />
    </Flex>
  );
}

const columns: ListColumn<BranchAppliance>[] = [
  {
    key: 'sku',
    title: 'SKU',
    sortField: 'sku',
    opensDetail: true,
    render: (link) => <span style={{ fontFamily: 'monospace' }}>{link.sku}</span>,
    exportValue: (link) => link.sku,
  },
  {
    key: 'appliance',
    title: 'Aparato',
    sortField: 'appliance',
    render: (link) => (
      <Flex vertical>
        <span style={{ fontWeight: 500 }}>{link.appliance.name}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {link.appliance.brand} · {link.appliance.model}
        </Typography.Text>
      </Flex>
    ),
    exportValue: (link) => link.appliance.name,
  },
  {
    key: 'branch',
    title: 'Sucursal',
    sortField: 'branch',
    render: (link) => link.branch.name,
    exportValue: (link) => link.branch.name,
  },
  {
    key: 'maintenance',
    title: 'Último mantenimiento',
    sortField: 'lastMaintenance',
    render: (link) =>
      link.lastMaintenance ? (
        formatLocalDate(link.lastMaintenance)
      ) : (
        <Typography.Text type="secondary">Sin registro</Typography.Text>
      ),
    exportValue: (link) => formatLocalDate(link.lastMaintenance),
  },
  {
    key: 'condition',
    title: 'Estado',
    render: (link) => <ApplianceStatusTag status={link.statusDescription} />,
    exportValue: (link) => link.statusDescription,
  },
  {
    key: 'status',
    title: 'Estatus',
    render: (link) => <ActiveTag active={link.status} />,
    exportValue: (link) => (link.status ? 'Activo' : 'Inactivo'),
  },
];

const rowActions: RowAction<BranchAppliance>[] = [
  { key: 'detail', label: 'Ver detalle', action: 'show', icon: <EyeOutlined />, opensDetail: true },
  {
    key: 'edit',
    label: 'Editar',
    action: 'edit',
    icon: <EditOutlined />,
    to: (link) => `/dashboard/aparatos-sucursal/${link.id}`,
  },
];

/** `/dashboard/aparatos-sucursal` (spec 002 §2): 'Vincular' and 'Aparatos'. */
export function BranchAppliancesPage() {
  const { can } = usePrivileges();
  const fixed = useFixedBranch();
  const branches = useBranchOptions(!fixed);
  const appliances = useApplianceOptions();

  const filters = useMemo<ListFilter[]>(
    () => [
      ...(fixed
        ? []
        : [
            {
              kind: 'select' as const,
              name: 'branchId',
              label: 'Sucursal',
              width: 200,
              loading: branches.isLoading,
              options: (branches.data ?? []).map((branch) => ({
                value: branch.id,
                label: branch.name,
              })),
            },
          ]),
      {
        kind: 'select',
        name: 'applianceId',
        label: 'Aparato',
        width: 220,
        loading: appliances.isLoading,
        options: (appliances.data ?? []).map((appliance) => ({
          value: appliance.id,
          label: appliance.name,
        })),
      },
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
    ],
    [fixed, branches.data, branches.isLoading, appliances.data, appliances.isLoading],
  );

  return (
    <>
      <PageHeader
        title="Aparatos por sucursal"
        description={
          fixed
            ? `Los equipos de ${fixed.name}, su número y su último mantenimiento.`
            : 'Qué equipo hay en cada sucursal, su número y su último mantenimiento.'
        }
        extra={
          <Flex gap={8}>
            <LinkButton to="/dashboard/aparatos" icon={<ToolOutlined />}>
              Aparatos
            </LinkButton>
            {can('appliances', 'create') && (
              <LinkButton
                to="/dashboard/aparatos-sucursal/vincular"
                type="primary"
                icon={<LinkOutlined />}
              >
                Vincular
              </LinkButton>
            )}
          </Flex>
        }
      />
      <ResourceList<BranchAppliance>
        listKey={branchApplianceKeys.all[0]}
        resource="appliances"
        title="Aparatos por sucursal"
        exportName="aparatos-por-sucursal"
        fetchPage={fetchBranchAppliancePage}
        rowKey={(link) => link.id}
        rowLabel={(link) => `${link.appliance.name} ${link.sku}`}
        columns={columns}
        searchFields={[
          { value: 'sku', label: 'SKU' },
          { value: 'appliance', label: 'Aparato' },
          { value: 'brand', label: 'Marca' },
          { value: 'model', label: 'Modelo' },
        ]}
        filters={filters}
        defaultSort={{ field: 'branch', order: 'ASC' }}
        rowActions={rowActions}
        remove={removeBranchAppliance}
        detail={{
          title: () => 'Aparato de sucursal',
          width: 600,
          render: (link) => <LinkDetail link={link} />,
        }}
        emptyText="No hay aparatos vinculados con estos filtros"
      />
    </>
  );
}
