import { useMemo } from 'react';
import { Link } from 'react-router';
import { Descriptions, Flex, Typography } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { usePrivileges } from '../../shared/session/hooks';
import { LinkButton } from '../../shared/LinkButton';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { tagColumn, textColumn } from '../../shared/list/columns';
import { lookupFilter, statusFilter } from '../../shared/list/filters';
import { recordActions } from '../../shared/list/rowActions';
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

const columns = [
  textColumn<Cabin>('name', 'Nombre', (cabin) => cabin.name, { sort: true, opensDetail: true }),
  tagColumn<Cabin>(
    'type',
    'Tipo de cabina',
    (cabin) => <CabinTypeName type={cabin.type} />,
    (cabin) => cabin.type.name,
    { sort: true },
  ),
  textColumn<Cabin>('branch', 'Sucursal', (cabin) => cabin.branch.name, { sort: true }),
  tagColumn<Cabin>(
    'description',
    'Usuario',
    (cabin) => cabin.description || '—',
    (cabin) => cabin.description ?? '',
  ),
  tagColumn<Cabin>(
    'status',
    'Estatus',
    (cabin) => <CabinStatus active={cabin.status} />,
    (cabin) => (cabin.status ? 'Activa' : 'Inactiva'),
    { pinned: true },
  ),
];

const rowActions = recordActions<Cabin>('/dashboard/cabinas');

/** `/dashboard/cabinas` (spec 000 §2). */
export function CabinsPage() {
  const { can } = usePrivileges();
  const scope = useBranchScope();
  const types = useCabinTypeOptions();
  const branchFilter = useBranchFilter({ clinicsOnly: true });
  const seesTypes = can('cabain_types', 'show');

  const filters = useMemo(
    () => [
      statusFilter({ feminine: true, width: 150 }),
      lookupFilter('typeId', 'Tipo de cabina', types, 190),
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
