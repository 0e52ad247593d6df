import { Link } from 'react-router';
import { Flex } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import type { ListColumn, RowAction } from '../../shared/list/types';
import { usePrivileges } from '../../shared/session/hooks';
import { cabinTypeKeys, fetchCabinTypePage, removeCabinType, type CabinType } from './api';
import { ColorSwatch } from '../../shared/ColorSwatch';

const rowActions: RowAction<CabinType>[] = [
  {
    key: 'edit',
    label: 'Editar',
    action: 'edit',
    icon: <EditOutlined />,
    to: (type) => `/dashboard/tipos-cabina/${type.id}`,
  },
];

/** `/dashboard/tipos-cabina` (spec 000 §2): the agenda colours each kind of cabin. */
export function CabinTypesPage() {
  const { can } = usePrivileges();
  const canEdit = can('cabain_types', 'edit');
  const columns: ListColumn<CabinType>[] = [
    {
      key: 'color',
      title: 'Color',
      width: 80,
      align: 'center',
      render: (type) => <ColorSwatch hex={type.color} size={24} />,
    },
    {
      key: 'name',
      title: 'Nombre',
      sortField: 'name',
      render: (type) =>
        canEdit ? (
          <Link to={`/dashboard/tipos-cabina/${type.id}`} style={{ fontWeight: 500 }}>
            {type.name}
          </Link>
        ) : (
          type.name
        ),
      exportValue: (type) => type.name,
    },
    {
      key: 'hex',
      title: 'HEX',
      sortField: 'color',
      render: (type) => <code>#{type.color}</code>,
      exportValue: (type) => `#${type.color}`,
    },
    {
      key: 'order',
      title: 'Orden',
      sortField: 'order',
      align: 'right',
      width: 90,
      render: (type) => type.order,
      exportValue: (type) => type.order,
    },
    {
      key: 'treatmentType',
      title: 'Tipo de tratamiento',
      render: (type) => (
        <Flex vertical>
          <span>{type.treatmentType.appointmentName}</span>
        </Flex>
      ),
      exportValue: (type) => type.treatmentType.appointmentName,
    },
  ];

  return (
    <>
      <PageHeader
        title="Tipos de cabina"
        description="Cada tipo de cabina tiene su color en la agenda y el tipo de cita que atiende."
      />
      <ResourceList<CabinType>
        listKey={cabinTypeKeys.all[0]}
        resource="cabain_types"
        title="Tipos de cabina"
        exportName="tipos-de-cabina"
        fetchPage={fetchCabinTypePage}
        rowKey={(type) => type.id}
        rowLabel={(type) => type.name}
        columns={columns}
        searchFields={[{ value: 'name', label: 'Nombre' }]}
        defaultSort={{ field: 'order', order: 'ASC' }}
        rowActions={rowActions}
        remove={removeCabinType}
        createPath="/dashboard/tipos-cabina/crear"
        emptyText="No hay tipos de cabina con estos filtros"
      />
    </>
  );
}
