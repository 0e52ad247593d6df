import { useMemo } from 'react';
import { Link } from 'react-router';
import { Descriptions, Flex, Typography } from 'antd';
import { AppstoreOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { usePrivileges } from '../../shared/session/hooks';
import { LinkButton } from '../../shared/LinkButton';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import type { ListColumn, ListFilter, RowAction } from '../../shared/list/types';
import { ScheduleSummary } from '../../shared/schedule/ScheduleEditor';
import { ToneTag } from '../../shared/Tone';
import { ColorSwatch } from '../../shared/ColorSwatch';
import { cabinKeys, fetchCabinPage, removeCabin, type Cabin } from './api';
import { useBranchFilter, useBranchScope, useCabinTypeOptions } from '../../shared/lookups';

export function CabinStatus({ active }: { active: boolean }) {
  return active ? <ToneTag tone="green">Activa</ToneTag> : <ToneTag tone="red">Inactiva</ToneTag>;
}

function CabinTypeName({ type }: { type: Cabin['type'] }) {
  return (
    <Flex align="center" gap={8}>
      <ColorSwatch hex={type.color} size={14} />
      {type.name}
    </Flex>
  );
}

function CabinDetail({ cabin }: { cabin: Cabin }) {
  return (
    <Flex vertical gap={20}>
      <Flex align="center" gap={8}>
        <Typography.Title level={3} style={{ margin: 0, fontSize: 20 }}>
          {cabin.name}
        </Typography.Title>
        <CabinStatus active={cabin.status} />
      </Flex>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'type', label: 'Tipo de cabina', children: <CabinTypeName type={cabin.type} /> },
          { key: 'branch', label: 'Sucursal', children: cabin.branch.name },
          { key: 'description', label: 'Usuario', children: cabin.description || '—' },
        ]}
      />
      <div>
        <Typography.Title level={4} style={{ fontSize: 15 }}>
          Horario
        </Typography.Title>
        <ScheduleSummary days={cabin.schedules} />
      </div>
    </Flex>
  );
}

const columns: ListColumn<Cabin>[] = [
  {
    key: 'name',
    title: 'Nombre',
    sortField: 'name',
    opensDetail: true,
    render: (cabin) => cabin.name,
    exportValue: (cabin) => cabin.name,
  },
  {
    key: 'type',
    title: 'Tipo de cabina',
    sortField: 'type',
    render: (cabin) => <CabinTypeName type={cabin.type} />,
    exportValue: (cabin) => cabin.type.name,
  },
  {
    key: 'branch',
    title: 'Sucursal',
    sortField: 'branch',
    render: (cabin) => cabin.branch.name,
    exportValue: (cabin) => cabin.branch.name,
  },
  {
    key: 'description',
    title: 'Usuario',
    render: (cabin) => cabin.description || '—',
    exportValue: (cabin) => cabin.description ?? '',
  },
  {
    key: 'status',
    title: 'Estatus',
    render: (cabin) => <CabinStatus active={cabin.status} />,
    exportValue: (cabin) => (cabin.status ? 'Activa' : 'Inactiva'),
  },
];

const rowActions: RowAction<Cabin>[] = [
  { key: 'detail', label: 'Ver detalle', action: 'show', icon: <EyeOutlined />, opensDetail: true },
  {
    key: 'edit',
    label: 'Editar',
    action: 'edit',
    icon: <EditOutlined />,
    to: (cabin) => `/dashboard/cabinas/${cabin.id}`,
  },
];

/** `/dashboard/cabinas` (spec 000 §2). */
export function CabinsPage() {
  const { can } = usePrivileges();
  const scope = useBranchScope();
  const types = useCabinTypeOptions();
  const branchFilter = useBranchFilter({ clinicsOnly: true });
  const seesTypes = can('cabain_types', 'show');

  const filters = useMemo<ListFilter[]>(
    () => [
      {
        kind: 'select',
        name: 'status',
        label: 'Estatus',
        width: 150,
        options: [
          { value: '1', label: 'Activas' },
          { value: '0', label: 'Inactivas' },
        ],
      },
      {
        kind: 'select',
        name: 'typeId',
        label: 'Tipo de cabina',
        width: 190,
        loading: types.isLoading,
        options: (types.data ?? []).map((type) => ({ value: type.id, label: type.name })),
      },
      ...branchFilter,
    ],
    [types.data, types.isLoading, branchFilter],
  );

  return (
    <>
      <PageHeader
        title={seesTypes ? <Link to="/dashboard/tipos-cabina">Cabinas</Link> : 'Cabinas'}
        description={
          scope.fixed
            ? `Las salas de tratamiento de ${scope.branchName}, con su tipo y su horario.`
            : 'Las salas de tratamiento de cada sucursal, con su tipo y su horario.'
        }
        extra={
          seesTypes && (
            <LinkButton to="/dashboard/tipos-cabina" icon={<AppstoreOutlined />}>
              Tipo de cabina
            </LinkButton>
          )
        }
      />
      <ResourceList<Cabin>
        listKey={cabinKeys.all[0]}
        resource="cabain"
        title="Cabinas"
        exportName="cabinas"
        fetchPage={fetchCabinPage}
        rowKey={(cabin) => cabin.id}
        rowLabel={(cabin) => `${cabin.name} (${cabin.branch.name})`}
        columns={columns}
        searchFields={[{ value: 'name', label: 'Nombre' }]}
        filters={filters}
        defaultFilters={{ status: '1' }}
        defaultSort={{ field: 'branch', order: 'ASC' }}
        rowActions={rowActions}
        remove={removeCabin}
        createPath="/dashboard/cabinas/crear"
        detail={{
          title: () => 'Cabinas',
          width: 640,
          render: (cabin) => <CabinDetail cabin={cabin} />,
        }}
        emptyText="No hay cabinas con estos filtros"
      />
    </>
  );
}
