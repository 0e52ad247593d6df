import { useMemo } from 'react';
import { Flex } from 'antd';
import { thumbnailUrl } from '../../shared/form/ImagesField';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { activeColumn, moneyColumn, tagColumn, textColumn } from '../../shared/list/columns';
import { lookupFilter, statusFilter } from '../../shared/list/filters';
import { recordActions } from '../../shared/list/rowActions';
import { fetchTreatmentPage, removeTreatment, treatmentKeys, type Treatment } from './api';
import { TreatmentDetail, TreatmentTypeTag } from './TreatmentDetail';
import { useTreatmentTypes } from '../../shared/lookups';

const columns = [
  tagColumn<Treatment>(
    'name',
    'Tratamiento',
    (treatment) => (
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
    (treatment) => treatment.name,
    { sort: true, opensDetail: true },
  ),
  textColumn<Treatment>('sku', 'SKU', (treatment) => treatment.sku, { sort: true, mono: true }),
  tagColumn<Treatment>(
    'type',
    'Tipo',
    (treatment) => <TreatmentTypeTag name={treatment.treatmentType.name} />,
    (treatment) => treatment.treatmentType.name,
    { sort: true },
  ),
  moneyColumn<Treatment>('price', 'Precio', (treatment) => treatment.price, { sort: true }),
  moneyColumn<Treatment>('medicalFee', 'Comisión', (treatment) => treatment.medicalFee),
  textColumn<Treatment>('term', 'Duración', (treatment) => treatment.termLabel),
  activeColumn<Treatment>('active', (treatment) => treatment.active),
];

const rowActions = recordActions<Treatment>('/dashboard/tratamientos');

/** `/dashboard/tratamientos` (spec 001 §2): search by name, price or SKU; drawer 700 wide. */
export function TreatmentsPage() {
  const types = useTreatmentTypes();
  const filters = useMemo(
    () => [lookupFilter('treatmentTypeId', 'Tipo de tratamiento', types, 190), statusFilter()],
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
