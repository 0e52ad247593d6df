import { useMemo } from 'react';
import { Flex, Typography } from 'antd';
import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import type { ListColumn, ListFilter, RowAction } from '../../shared/list/types';
import { fullNameOf } from '../../shared/people';
import { fetchStaffPage, removeStaffMember, staffKeys, type StaffListItem } from './api';
import { StaffDetail } from './StaffDetail';
import { StaffAvatar, StaffStatus } from './StaffBits';
import { useBranchFilter, useBranchScope, useRoles } from '../../shared/lookups';

const columns: ListColumn<StaffListItem>[] = [
  {
    key: 'name',
    title: 'Nombre',
    sortField: 'name',
    opensDetail: true,
    render: (member) => (
      <Flex align="center" gap={10}>
        <StaffAvatar name={fullNameOf(member)} photo={member.kardex.photo?.name} />
        <span>{fullNameOf(member)}</span>
      </Flex>
    ),
    exportValue: (member) => fullNameOf(member),
  },
  {
    key: 'employeeNumber',
    title: 'No. de empleado',
    sortField: 'employeeNumber',
    render: (member) => member.kardex.employeeNumber,
    exportValue: (member) => member.kardex.employeeNumber,
  },
  {
    key: 'username',
    title: 'Correo',
    sortField: 'username',
    render: (member) => member.username,
    exportValue: (member) => member.username,
  },
  {
    key: 'branch',
    title: 'Sucursal',
    sortField: 'branch',
    render: (member) => member.kardex.mainBranch.name,
    exportValue: (member) => member.kardex.mainBranch.name,
  },
  {
    key: 'position',
    title: 'Puesto / rol',
    sortField: 'jobPosition',
    render: (member) => (
      <Flex vertical>
        <span>{member.kardex.jobPosition.name}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {member.role.role}
        </Typography.Text>
      </Flex>
    ),
    exportValue: (member) => `${member.kardex.jobPosition.name} / ${member.role.role}`,
  },
  {
    key: 'contract',
    title: 'Contrato actual',
    render: (member) => member.contract ?? '—',
    exportValue: (member) => member.contract ?? '',
  },
  {
    key: 'status',
    title: 'Estatus',
    sortField: 'status',
    render: (member) => <StaffStatus status={member.status} />,
    exportValue: (member) => member.status,
  },
];

const rowActions: RowAction<StaffListItem>[] = [
  {
    key: 'detail',
    label: 'Ver expediente',
    action: 'show',
    icon: <EyeOutlined />,
    opensDetail: true,
  },
  {
    key: 'edit',
    label: 'Editar',
    action: 'edit',
    icon: <EditOutlined />,
    to: (member) => `/dashboard/personal/${member.id}`,
  },
];

/** `/dashboard/personal` (spec 000 §2). */
export function StaffPage() {
  const scope = useBranchScope();
  const branchFilter = useBranchFilter();
  const roles = useRoles();

  const filters = useMemo<ListFilter[]>(
    () => [
      {
        kind: 'select',
        name: 'status',
        label: 'Estatus',
        width: 150,
        options: [
          { value: '1', label: 'Activos' },
          { value: '0', label: 'Inactivos' },
        ],
      },
      ...branchFilter,
      {
        kind: 'select',
        name: 'roleId',
        label: 'Rol',
        width: 200,
        loading: roles.isLoading,
        options: (roles.data ?? []).map((role) => ({ value: role.id, label: role.role })),
      },
    ],
    [branchFilter, roles.data, roles.isLoading],
  );

  return (
    <>
      <PageHeader
        title="Personal"
        description={
          scope.fixed
            ? `El equipo de ${scope.branchName} con su expediente, contratos y estatus.`
            : 'El equipo de cada sucursal con su expediente, contratos y estatus.'
        }
      />
      <ResourceList<StaffListItem>
        listKey={staffKeys.all[0]}
        resource="users"
        title="Personal"
        exportName="personal"
        fetchPage={fetchStaffPage}
        rowKey={(member) => member.id}
        rowLabel={(member) => fullNameOf(member)}
        columns={columns}
        searchFields={[
          { value: 'fullName', label: 'Nombre' },
          { value: 'username', label: 'Correo' },
          { value: 'employeeNumber', label: 'No. de empleado' },
        ]}
        filters={filters}
        defaultFilters={{ status: '1' }}
        defaultSort={{ field: 'name', order: 'ASC' }}
        rowActions={rowActions}
        remove={removeStaffMember}
        createPath="/dashboard/personal/crear"
        detail={{
          title: () => 'Expediente del empleado',
          width: 1200,
          render: (member) => <StaffDetail id={member.id} />,
        }}
        emptyText="No hay personal con estos filtros"
      />
    </>
  );
}
