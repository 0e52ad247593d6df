import { useMemo } from 'react';
import { Descriptions, Flex, Typography } from 'antd';
import { EditOutlined, EyeOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { APPLIANCE_STATUSES } from '@clinica/domain';
import { formatDateTime } from '../../shared/format';
import { LinkButton } from '../../shared/LinkButton';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import type { ListColumn, ListFilter, RowAction } from '../../shared/list/types';
import { applianceKeys, fetchAppliancePage, removeAppliance, type Appliance } from './api';
import { ActiveTag, ApplianceStatusTag } from '../../shared/ApplianceStatusTag';
import { useTreatmentTypes } from '../../shared/lookups';

function ApplianceDetail({ appliance }: { appliance: Appliance }) {
  return (
    <Flex vertical gap={16}>
      <div>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={3} style={{ margin: 0, fontSize: 20 }}>
            {appliance.name}
          </Typography.Title>
          <ApplianceStatusTag status={appliance.status} />
          <ActiveTag active={appliance.active} />
        </Flex>
        <Typography.Text type="secondary">
          {appliance.brand} · {appliance.model}
        </Typography.Text>
      </div>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'type', label: 'Tipo', children: appliance.type.name },
          { key: 'brand', label: 'Marca', children: appliance.brand },
          { key: 'model', label: 'Modelo', children: appliance.model },
          { key: 'description', label: 'Descripción', children: appliance.description || '—' },
          { key: 'created', label: 'Registrado', children: formatDateTime(appliance.created_at) },
        ]}
      />
    </Flex>
  );
}

const columns: ListColumn<Appliance>[] = [
  {
    key: 'name',
    title: 'Nombre',
    sortField: 'name',
    opensDetail: true,
    render: (appliance) => appliance.name,
    exportValue: (appliance) => appliance.name,
  },
  {
    key: 'type',
    title: 'Tipo',
    sortField: 'type',
    render: (appliance) => appliance.type.name,
    exportValue: (appliance) => appliance.type.name,
  },
  {
    key: 'brand',
    title: 'Marca',
    sortField: 'brand',
    render: (appliance) => appliance.brand,
    exportValue: (appliance) => appliance.brand,
  },
  {
    key: 'model',
    title: 'Modelo',
    sortField: 'model',
    render: (appliance) => appliance.model,
    exportValue: (appliance) => appliance.model,
  },
  {
    key: 'status',
    title: 'Estado',
    sortField: 'status',
    render: (appliance) => <ApplianceStatusTag status={appliance.status} />,
    exportValue: (appliance) => appliance.status,
  },
  {
    key: 'active',
    title: 'Estatus',
    render: (appliance) => <ActiveTag active={appliance.active} />,
    exportValue: (appliance) => (appliance.active ? 'Activo' : 'Inactivo'),
  },
];

const rowActions: RowAction<Appliance>[] = [
  { key: 'detail', label: 'Ver detalle', action: 'show', icon: <EyeOutlined />, opensDetail: true },
  {
    key: 'edit',
    label: 'Editar',
    action: 'edit',
    icon: <EditOutlined />,
    to: (appliance) => `/dashboard/aparatos/${appliance.id}`,
  },
];

/** `/dashboard/aparatos` (spec 002 §2): 'Nuevo' needs create. */
export function AppliancesPage() {
  const types = useTreatmentTypes();
  const filters = useMemo<ListFilter[]>(
    () => [
      {
        kind: 'select',
        name: 'applianceType',
        label: 'Tipo',
        width: 170,
        loading: types.isLoading,
        options: (types.data ?? []).map((type) => ({ value: type.id, label: type.name })),
      },
      {
        kind: 'select',
        name: 'condition',
        label: 'Estado',
        width: 170,
        options: APPLIANCE_STATUSES.map((status) => ({ value: status, label: status })),
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
    [types.data, types.isLoading],
  );

  return (
    <>
      <PageHeader
        title="Aparatos"
        description="Los equipos de la cadena: marca, modelo, el tipo de tratamiento que atienden y su estado."
        extra={
          <LinkButton to="/dashboard/aparatos-sucursal" icon={<NodeIndexOutlined />}>
            Aparatos por sucursal
          </LinkButton>
        }
      />
      <ResourceList<Appliance>
        listKey={applianceKeys.all[0]}
        resource="appliances"
        title="Aparatos"
        exportName="aparatos"
        fetchPage={fetchAppliancePage}
        rowKey={(appliance) => appliance.id}
        rowLabel={(appliance) => `${appliance.name} ${appliance.model}`}
        columns={columns}
        searchFields={[
          { value: 'name', label: 'Nombre' },
          { value: 'brand', label: 'Marca' },
          { value: 'model', label: 'Modelo' },
        ]}
        filters={filters}
        defaultSort={{ field: 'name', order: 'ASC' }}
        rowActions={rowActions}
        remove={removeAppliance}
        createPath="/dashboard/aparatos/crear"
        detail={{
          title: () => 'Aparato',
          width: 600,
          render: (appliance) => <ApplianceDetail appliance={appliance} />,
        }}
        emptyText="No hay aparatos con estos filtros"
      />
    </>
  );
}
