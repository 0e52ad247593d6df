import { useMemo } from 'react';
import { Flex, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { INVITATION_HOURS, ROLES, roleKeyByName, type RoleKey } from '@clinica/domain';
import { notifyError, notifySuccessText } from '../../shared/notify';
import { useSession } from '../../shared/session/hooks';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { tagColumn, textColumn } from '../../shared/list/columns';
import { selectFilter, statusFilter } from '../../shared/list/filters';
import { detailAction, editAction, rowAction } from '../../shared/list/rowActions';
import { fullNameOf } from '../../shared/people';
import {
  fetchStaffPage,
  inviteStaffMember,
  removeStaffMember,
  staffKeys,
  type StaffListItem,
} from './api';
import { StaffDetail } from './StaffDetail';
import { StaffAvatar, StaffStatus } from './StaffBits';
import { useBranchFilter, useBranchScope, useRoles } from '../../shared/lookups';

const columns = [
  tagColumn<StaffListItem>(
    'name',
    'Nombre',
    (member) => (
      <Flex align="center" gap={10}>
        <StaffAvatar name={fullNameOf(member)} photo={member.kardex.photo?.name} />
        <span>{fullNameOf(member)}</span>
      </Flex>
    ),
    (member) => fullNameOf(member),
    { sort: true, opensDetail: true },
  ),
  textColumn<StaffListItem>(
    'employeeNumber',
    'No. de empleado',
    (member) => member.kardex.employeeNumber,
    { sort: true },
  ),
  textColumn<StaffListItem>('username', 'Correo', (member) => member.username, { sort: true }),
  textColumn<StaffListItem>('branch', 'Sucursal', (member) => member.kardex.mainBranch.name, {
    sort: true,
  }),
  tagColumn<StaffListItem>(
    'position',
    'Puesto / rol',
    (member) => (
      <Flex vertical>
        <span>{member.kardex.jobPosition.name}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {member.role.role}
        </Typography.Text>
      </Flex>
    ),
    (member) => `${member.kardex.jobPosition.name} / ${member.role.role}`,
    { sort: 'jobPosition' },
  ),
  tagColumn<StaffListItem>(
    'contract',
    'Contrato actual',
    (member) => member.contract ?? '—',
    (member) => member.contract ?? '',
  ),
  tagColumn<StaffListItem>(
    'status',
    'Estatus',
    (member) => <StaffStatus status={member.status} />,
    (member) => member.status,
    { sort: true, pinned: true },
  ),
];

/**
 * Whether a role may change a staff member of this role, as the API decides it: only the super
 * administrator changes those who work across branches (the super administrator, logistics).
 */
export function manages(myRole: RoleKey | undefined, memberRole: string): boolean {
  if (myRole === 'superAdmin') return true;
  const key = roleKeyByName(memberRole);
  return key !== undefined && ROLES[key].branchFixed;
}

async function resendInvitation(member: StaffListItem) {
  try {
    const answer = await inviteStaffMember(member.id);
    notifySuccessText(
      `Enviamos a ${answer.data.sentTo} una nueva invitación para crear su contraseña y su PIN; vale ${INVITATION_HOURS} horas y la anterior ya no sirve.`,
    );
  } catch (error) {
    notifyError(error);
  }
}

/** `/dashboard/personal` (spec 000 §2). */
export function StaffPage() {
  const scope = useBranchScope();
  const branchFilter = useBranchFilter();
  const roles = useRoles();
  const session = useSession();
  const myRole = roleKeyByName(session?.user.role ?? '');

  const rowActions = useMemo(() => {
    const managed = (member: StaffListItem) => manages(myRole, member.role.role);
    return [
      detailAction<StaffListItem>('Ver expediente'),
      {
        ...editAction<StaffListItem>((member) => `/dashboard/personal/${member.id}`),
        visible: managed,
      },
      rowAction<StaffListItem>('invite', 'Reenviar invitación', 'edit', <MailOutlined />, {
        onSelect: (member) => void resendInvitation(member),
        visible: (member) => managed(member) && member.status === 'activo',
      }),
    ];
  }, [myRole]);

  const filters = useMemo(
    () => [
      statusFilter({ width: 150 }),
      ...branchFilter,
      selectFilter(
        'roleId',
        'Rol',
        (roles.data ?? []).map((role) => ({ value: role.id, label: role.role })),
        { width: 200, loading: roles.isLoading },
      ),
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
