import { Link } from 'react-router';
import { Card, Table } from 'antd';
import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { RESOURCES, type Resource } from '@clinica/domain';
import { usePrivileges } from '../../shared/session/hooks';
import { LinkButton } from '../../shared/LinkButton';
import { PageHeader } from '../../shared/PageHeader';
import { ToneTag } from '../../shared/Tone';
import { LOCKED_ROLE_KEY, type Role } from './api';
import { grantedCount } from './PrivilegeMatrix';
import { useRoles } from '../../shared/lookups';

function moduleNames(role: Role): string[] {
  return Object.keys(role.privileges)
    .filter((key) => (role.privileges[key]?.length ?? 0) > 0)
    .map((key) => RESOURCES[key as Resource]?.name ?? key);
}

/** `/dashboard/roles`: the seven roles and what each may do; the editor is one click away. */
export function RolesPage() {
  const roles = useRoles();
  const { can } = usePrivileges();
  const canEdit = can('role', 'edit');

  return (
    <>
      <PageHeader
        title="Roles y privilegios"
        description="Qué puede ver y hacer cada rol en cada módulo. Los cambios aplican en el siguiente inicio de sesión de cada usuario."
      />
      <Card styles={{ body: { padding: 0 } }}>
        <Table<Role>
          rowKey="id"
          loading={roles.isLoading}
          dataSource={roles.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              key: 'role',
              title: 'Rol',
              render: (_, role) => (
                <Link to={`/dashboard/roles/${role.id}`} style={{ fontWeight: 600 }}>
                  {role.role}
                </Link>
              ),
            },
            {
              key: 'scope',
              title: 'Sucursales',
              render: (_, role) =>
                role.branchFixed ? (
                  <ToneTag tone="gold">Solo su sucursal</ToneTag>
                ) : (
                  <ToneTag tone="teal">Todas las sucursales</ToneTag>
                ),
            },
            {
              key: 'modules',
              title: 'Módulos con acceso',
              render: (_, role) => {
                const names = moduleNames(role);
                return (
                  <span title={names.join(', ')}>
                    {names.length} módulos · {grantedCount(role.privileges)} privilegios
                  </span>
                );
              },
            },
            {
              key: 'actions',
              title: 'Opciones',
              align: 'center',
              render: (_, role) => {
                const editable = canEdit && role.key !== LOCKED_ROLE_KEY;
                return (
                  <LinkButton
                    to={`/dashboard/roles/${role.id}`}
                    icon={editable ? <EditOutlined /> : <EyeOutlined />}
                    aria-label={`${editable ? 'Editar' : 'Ver'} privilegios de ${role.role}`}
                  >
                    {editable ? 'Editar privilegios' : 'Ver privilegios'}
                  </LinkButton>
                );
              },
            },
          ]}
        />
      </Card>
    </>
  );
}
