import { Link } from 'react-router';
import { Flex } from 'antd';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { tagColumn, textColumn } from '../../shared/list/columns';
import { editAction } from '../../shared/list/rowActions';
import { usePrivileges } from '../../shared/session/hooks';
import { cabinTypeKeys, fetchCabinTypePage, removeCabinType, type CabinType } from './api';
import { ColorSwatch } from '../../shared/ColorSwatch';

const rowActions = [editAction<CabinType>((type) => `/dashboard/tipos-cabina/${type.id}`)];

/** `/dashboard/tipos-cabina` (spec 000 §2): the agenda colours each kind of cabin. */
export function CabinTypesPage() {
  const { can } = usePrivileges();
  const canEdit = can('cabain_types', 'edit');
  const columns = [
    tagColumn<CabinType>(
      'color',
      'Color',
      (type) => <ColorSwatch hex={type.color} size={24} />,
      null,
      {
        width: 80,
        align: 'center',
      },
    ),
    tagColumn<CabinType>(
      'name',
      'Nombre',
      (type) =>
        canEdit ? (
          <Link to={`/dashboard/tipos-cabina/${type.id}`} style={{ fontWeight: 500 }}>
            {type.name}
          </Link>
        ) : (
          type.name
        ),
      (type) => type.name,
      { sort: true },
    ),
    tagColumn<CabinType>(
      'hex',
      'HEX',
      (type) => <code>#{type.color}</code>,
      (type) => `#${type.color}`,
      { sort: 'color' },
    ),
    textColumn<CabinType>('order', 'Orden', (type) => type.order, {
      sort: true,
      align: 'right',
      width: 90,
    }),
    tagColumn<CabinType>(
      'treatmentType',
      'Tipo de tratamiento',
      (type) => (
        <Flex vertical>
          <span>{type.treatmentType.appointmentName}</span>
        </Flex>
      ),
      (type) => type.treatmentType.appointmentName,
    ),
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
