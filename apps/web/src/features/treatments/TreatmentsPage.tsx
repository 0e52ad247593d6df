import { useMemo } from 'react';
import { Flex, Typography } from 'antd';
import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { thumbnailUrl } from '../../shared/form/ImagesField';
import { formatMoney } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import type { ListColumn, ListFilter, RowAction } from '../../shared/list/types';
import { fetchTreatmentPage, removeTreatment, treatmentKeys, type Treatment } from './api';
import { ActiveTag, TreatmentDetail, TreatmentTypeTag } from './TreatmentDetail';
import '../products/products.css';
import { useTreatmentTypes } from '../../shared/lookups';

const columns: ListColumn<Treatment>[] = [
  {
    key: 'name',
    title: 'Tratamiento',
    sortField: 'name',
    opensDetail: true,
    render: (treatment) => (
      <Flex align="center" gap={10}>
        {treatment.photo && (
          <img
            className="treatment-thumb"
            src={thumbnailUrl(treatment.photo.name)}
            alt=""
            loading="lazy"
          />
        )}
        <span>{treatment.name}</span>
      </Flex>
    ),
    exportValue: (treatment) => treatment.name,
  },
  {
    key: 'sku',
    title: 'SKU',
    sortField: 'sku',
    render: (treatment) => <span style={{ fontFamily: 'monospace' }}>{treatment.sku}</span>,
    exportValue: (treatment) => treatment.sku,
  },
  {
    key: 'type',
    title: 'Tipo',
    sortField: 'type',
    render: (treatment) => <TreatmentTypeTag name={treatment.treatmentType.name} />,
    exportValue: (treatment) => treatment.treatmentType.name,
  },
  {
    key: 'price',
    title: 'Precio',
    sortField: 'price',
    align: 'right',
    render: (treatment) => formatMoney(treatment.price),
    exportValue: (treatment) => treatment.price,
  },
  {
    key: 'medicalFee',
    title: 'Comisión',
    align: 'right',
    render: (treatment) =>
      treatment.medicalFee === null ? (
        <Typography.Text type="secondary">—</Typography.Text>
      ) : (
        formatMoney(treatment.medicalFee)
      ),
    exportValue: (treatment) => treatment.medicalFee,
  },
  {
    key: 'term',
    title: 'Duración',
    render: (treatment) => treatment.termLabel,
    exportValue: (treatment) => treatment.termLabel,
  },
  {
    key: 'active',
    title: 'Estatus',
    render: (treatment) => <ActiveTag active={treatment.active} />,
    exportValue: (treatment) => (treatment.active === 1 ? 'Activo' : 'Inactivo'),
  },
];

const rowActions: RowAction<Treatment>[] = [
  { key: 'detail', label: 'Ver detalle', action: 'show', icon: <EyeOutlined />, opensDetail: true },
  {
    key: 'edit',
    label: 'Editar',
    action: 'edit',
    icon: <EditOutlined />,
    to: (treatment) => `/dashboard/tratamientos/${treatment.id}`,
  },
];

/** `/dashboard/tratamientos` (spec 001 §2): search by name, price or SKU; drawer 700 wide. */
export function TreatmentsPage() {
  const types = useTreatmentTypes();
  const filters = useMemo<ListFilter[]>(
    () => [
      {
        kind: 'select',
        name: 'treatmentTypeId',
        label: 'Tipo de tratamiento',
        width: 190,
        loading: types.isLoading,
        options: (types.data ?? []).map((type) => ({ value: type.id, label: type.name })),
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
        title="Tratamientos"
        description="Tratamientos médicos, cosmetológicos y valoraciones: precio, comisión, duración y lo que consumen."
      />
      <ResourceList<Treatment>
        listKey={treatmentKeys.all[0]}
        resource="treatments"
        title="Tratamientos"
        exportName="tratamientos"
        fetchPage={fetchTreatmentPage}
        rowKey={(treatment) => treatment.id}
        rowLabel={(treatment) => treatment.name}
        columns={columns}
        searchFields={[
          { value: 'name', label: 'Nombre' },
          { value: 'price', label: 'Precio' },
          { value: 'sku', label: 'SKU' },
        ]}
        filters={filters}
        defaultSort={{ field: 'name', order: 'ASC' }}
        rowActions={rowActions}
        remove={removeTreatment}
        createPath="/dashboard/tratamientos/crear"
        detail={{
          kind: 'drawer',
          width: 700,
          title: (treatment) => `Tratamiento ${treatment.sku}`,
          render: (treatment) => <TreatmentDetail treatment={treatment} />,
        }}
        emptyText="No hay tratamientos con estos filtros"
      />
    </>
  );
}
