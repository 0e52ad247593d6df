import { useMemo } from 'react';
import { Descriptions, Flex, Typography } from 'antd';
import { NodeIndexOutlined } from '@ant-design/icons';
import { APPLIANCE_STATUSES } from '@clinica/domain';
import { formatDateTime } from '../../shared/format';
import { LinkButton } from '../../shared/LinkButton';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { activeColumn, tagColumn, textColumn } from '../../shared/list/columns';
import { recordActions } from '../../shared/list/rowActions';
import { lookupFilter, selectFilter, statusFilter } from '../../shared/list/filters';
import { applianceKeys, fetchAppliancePage, removeAppliance, type Appliance } from './api';
import { ApplianceStatusTag } from '../../shared/ApplianceStatusTag';
import { ActiveTag } from '../../shared/Tone';
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

const columns = [
  textColumn<Appliance>('name', 'Nombre', (appliance) => appliance.name, {
    sort: true,
    opensDetail: true,
  }),
  textColumn<Appliance>('type', 'Tipo', (appliance) => appliance.type.name, { sort: true }),
  textColumn<Appliance>('brand', 'Marca', (appliance) => appliance.brand, { sort: true }),
  textColumn<Appliance>('model', 'Modelo', (appliance) => appliance.model, { sort: true }),
  tagColumn<Appliance>(
    'status',
    'Estado',
    (appliance) => <ApplianceStatusTag status={appliance.status} />,
    (appliance) => appliance.status,
    { sort: true },
  ),
  activeColumn<Appliance>('active', (appliance) => appliance.active),
];

const rowActions = recordActions<Appliance>('/dashboard/aparatos');

/** `/dashboard/aparatos` (spec 002 §2): 'Nuevo' needs create. */
export function AppliancesPage() {
  const types = useTreatmentTypes();
  const filters = useMemo(
    () => [
      lookupFilter('applianceType', 'Tipo', types, 170),
      selectFilter(
        'condition',
        'Estado',
        APPLIANCE_STATUSES.map((status) => ({ value: status, label: status })),
        { width: 170 },
      ),
      statusFilter(),
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
