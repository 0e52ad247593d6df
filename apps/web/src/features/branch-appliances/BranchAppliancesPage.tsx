import { useMemo } from 'react';
import { Descriptions, Flex, Typography } from 'antd';
import { LinkOutlined, ToolOutlined } from '@ant-design/icons';
import { usePrivileges } from '../../shared/session/hooks';
import { formatLocalDate } from '../../shared/format';
import { LinkButton } from '../../shared/LinkButton';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { activeColumn, tagColumn, textColumn } from '../../shared/list/columns';
import { lookupFilter, statusFilter } from '../../shared/list/filters';
import { recordActions } from '../../shared/list/rowActions';
import { ApplianceStatusTag } from '../../shared/ApplianceStatusTag';
import { ActiveTag } from '../../shared/Tone';
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

const columns = [
  textColumn<BranchAppliance>('sku', 'SKU', (link) => link.sku, {
    sort: true,
    mono: true,
    opensDetail: true,
  }),
  tagColumn<BranchAppliance>(
    'appliance',
    'Aparato',
    (link) => (
      <Flex vertical>
        <span style={{ fontWeight: 500 }}>{link.appliance.name}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {link.appliance.brand} · {link.appliance.model}
        </Typography.Text>
      </Flex>
    ),
    (link) => link.appliance.name,
    { sort: true },
  ),
  textColumn<BranchAppliance>('branch', 'Sucursal', (link) => link.branch.name, { sort: true }),
  tagColumn<BranchAppliance>(
    'maintenance',
    'Último mantenimiento',
    (link) =>
      link.lastMaintenance ? (
        formatLocalDate(link.lastMaintenance)
      ) : (
        <Typography.Text type="secondary">Sin registro</Typography.Text>
      ),
    (link) => formatLocalDate(link.lastMaintenance),
    { sort: 'lastMaintenance' },
  ),
  tagColumn<BranchAppliance>(
    'condition',
    'Estado',
    (link) => <ApplianceStatusTag status={link.statusDescription} />,
    (link) => link.statusDescription,
  ),
  activeColumn<BranchAppliance>('status', (link) => link.status),
];

const rowActions = recordActions<BranchAppliance>('/dashboard/aparatos-sucursal');

/** `/dashboard/aparatos-sucursal` (spec 002 §2): 'Vincular' and 'Aparatos'. */
export function BranchAppliancesPage() {
  const { can } = usePrivileges();
  const fixed = useFixedBranch();
  const branches = useBranchOptions(!fixed);
  const appliances = useApplianceOptions();

  const filters = useMemo(
    () => [
      ...(fixed ? [] : [lookupFilter('branchId', 'Sucursal', branches, 200)]),
      lookupFilter('applianceId', 'Aparato', appliances, 220),
      statusFilter(),
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
