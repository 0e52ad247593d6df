import { Descriptions, Flex, Typography } from 'antd';
import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import type { ListColumn, ListFilter, RowAction } from '../../shared/list/types';
import { ScheduleSummary } from '../../shared/schedule/ScheduleEditor';
import { ToneTag } from '../../shared/Tone';
import { formatPhone } from '../../shared/phone';
import { timeZoneName } from '../../shared/format';
import { branchKeys, fetchBranchPage, removeBranch, type Branch } from './api';

/** A branch's zone by its name in the form; a branch without one shows '—'. */
export const zoneLabel = (zone: string | null | undefined) => (zone ? timeZoneName(zone) : '—');

export function BranchStatus({ active }: { active: boolean }) {
  return active ? <ToneTag tone="green">Activa</ToneTag> : <ToneTag tone="red">Inactiva</ToneTag>;
}

export function addressOf(branch: Branch): string {
  const number = [branch.extNumber, branch.intNumber].filter(Boolean).join(' int. ');
  return `${branch.street} ${number}, ${branch.suburb}, ${branch.city}, ${branch.state}, C.P. ${branch.zipCode}`;
}

function BranchDetail({ branch }: { branch: Branch }) {
  return (
    <Flex vertical gap={20}>
      <Flex align="center" gap={8} wrap>
        <Typography.Title level={3} style={{ margin: 0, fontSize: 20 }}>
          {branch.name}
        </Typography.Title>
        <BranchStatus active={branch.active} />
        {branch.franchise && <ToneTag tone="purple">Franquicia</ToneTag>}
        {branch.distributionCenter && <ToneTag tone="blue">Centro de distribución</ToneTag>}
      </Flex>
      <Descriptions
        bordered
        size="small"
        column={2}
        items={[
          { key: 'code', label: 'Código', children: branch.code },
          { key: 'phone', label: 'Teléfono', children: formatPhone(branch.phone) },
          { key: 'business', label: 'Razón social', children: branch.businessName },
          { key: 'rfc', label: 'RFC', children: branch.rfc },
          { key: 'address', label: 'Dirección', span: 2, children: addressOf(branch) },
          { key: 'zone', label: 'Zona horaria', children: zoneLabel(branch.zone) },
          {
            key: 'coords',
            label: 'Coordenadas',
            children:
              branch.lat !== null && branch.lng !== null ? `${branch.lat}, ${branch.lng}` : '—',
          },
        ]}
      />
      <div>
        <Typography.Title level={4} style={{ fontSize: 15 }}>
          Horario
        </Typography.Title>
        <ScheduleSummary days={branch.schedules} />
      </div>
    </Flex>
  );
}

const columns: ListColumn<Branch>[] = [
  {
    key: 'name',
    title: 'Nombre',
    sortField: 'name',
    opensDetail: true,
    render: (branch) => branch.name,
    exportValue: (branch) => branch.name,
  },
  {
    key: 'code',
    title: 'Código',
    sortField: 'code',
    render: (branch) => branch.code,
    exportValue: (branch) => branch.code,
  },
  {
    key: 'city',
    title: 'Ciudad',
    sortField: 'city',
    render: (branch) => branch.city,
    exportValue: (branch) => `${branch.city}, ${branch.state}`,
  },
  {
    key: 'phone',
    title: 'Teléfono',
    render: (branch) => formatPhone(branch.phone),
    exportValue: (branch) => formatPhone(branch.phone),
  },
  {
    key: 'zone',
    title: 'Zona horaria',
    render: (branch) => zoneLabel(branch.zone),
    exportValue: (branch) => zoneLabel(branch.zone),
  },
  {
    key: 'kind',
    title: 'Tipo',
    render: (branch) =>
      branch.distributionCenter
        ? 'Centro de distribución'
        : branch.franchise
          ? 'Franquicia'
          : 'Propia',
    exportValue: (branch) =>
      branch.distributionCenter
        ? 'Centro de distribución'
        : branch.franchise
          ? 'Franquicia'
          : 'Propia',
  },
  {
    key: 'status',
    title: 'Estatus',
    render: (branch) => <BranchStatus active={branch.active} />,
    exportValue: (branch) => (branch.active ? 'Activa' : 'Inactiva'),
  },
];

const filters: ListFilter[] = [
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
    name: 'franchise',
    label: 'Franquicia',
    width: 170,
    options: [
      { value: '1', label: 'Franquicias' },
      { value: '0', label: 'Propias' },
    ],
  },
];

const rowActions: RowAction<Branch>[] = [
  { key: 'detail', label: 'Ver detalle', action: 'show', icon: <EyeOutlined />, opensDetail: true },
  {
    key: 'edit',
    label: 'Editar',
    action: 'edit',
    icon: <EditOutlined />,
    to: (branch) => `/dashboard/sucursales/${branch.id}`,
  },
];

/** `/dashboard/sucursales` (spec 000 §2). */
export function BranchesPage() {
  return (
    <>
      <PageHeader
        title="Sucursales"
        description="Las clínicas de la cadena y el centro de distribución: datos fiscales, dirección y horario."
      />
      <ResourceList<Branch>
        listKey={branchKeys.all[0]}
        resource="branch"
        title="Sucursales"
        exportName="sucursales"
        fetchPage={fetchBranchPage}
        rowKey={(branch) => branch.id}
        rowLabel={(branch) => branch.name}
        columns={columns}
        searchFields={[
          { value: 'name', label: 'Nombre' },
          { value: 'phone', label: 'Teléfono' },
        ]}
        filters={filters}
        defaultFilters={{ status: '1' }}
        defaultSort={{ field: 'name', order: 'ASC' }}
        rowActions={rowActions}
        remove={removeBranch}
        canRemove={(branch) => !branch.distributionCenter}
        createPath="/dashboard/sucursales/crear"
        detail={{
          title: () => 'Sucursales',
          width: 760,
          render: (branch) => <BranchDetail branch={branch} />,
        }}
        emptyText="No hay sucursales con estos filtros"
      />
    </>
  );
}
