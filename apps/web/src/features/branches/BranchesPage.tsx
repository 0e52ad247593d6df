import { Descriptions, Flex, Typography } from 'antd';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { tagColumn, textColumn } from '../../shared/list/columns';
import { selectFilter, statusFilter } from '../../shared/list/filters';
import { recordActions } from '../../shared/list/rowActions';
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

const kindOf = (branch: Branch) =>
  branch.distributionCenter ? 'Centro de distribución' : branch.franchise ? 'Franquicia' : 'Propia';

const columns = [
  textColumn<Branch>('name', 'Nombre', (branch) => branch.name, { sort: true, opensDetail: true }),
  textColumn<Branch>('code', 'Código', (branch) => branch.code, { sort: true }),
  tagColumn<Branch>(
    'city',
    'Ciudad',
    (branch) => branch.city,
    (branch) => `${branch.city}, ${branch.state}`,
    { sort: true },
  ),
  textColumn<Branch>('phone', 'Teléfono', (branch) => formatPhone(branch.phone), { whole: true }),
  textColumn<Branch>('zone', 'Zona horaria', (branch) => zoneLabel(branch.zone)),
  textColumn<Branch>('kind', 'Tipo', kindOf),
  tagColumn<Branch>(
    'status',
    'Estatus',
    (branch) => <BranchStatus active={branch.active} />,
    (branch) => (branch.active ? 'Activa' : 'Inactiva'),
    { pinned: true },
  ),
];

const filters = [
  statusFilter({ feminine: true, width: 150 }),
  selectFilter(
    'franchise',
    'Franquicia',
    [
      { value: '1', label: 'Franquicias' },
      { value: '0', label: 'Propias' },
    ],
    { width: 170 },
  ),
];

const rowActions = recordActions<Branch>('/dashboard/sucursales');

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
