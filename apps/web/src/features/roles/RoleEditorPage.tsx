import { Alert, Form, Skeleton, Typography } from 'antd';
import { updateRoleBody } from '@clinica/domain';
import { FormPage } from '../../shared/form/FormPage';
import { zodRule } from '../../shared/form/zodRules';
import { PageHeader } from '../../shared/PageHeader';
import { ToneTag } from '../../shared/Tone';
import { LOCKED_ROLE_KEY, fetchRole, roleKeys, updateRole, type Role } from './api';
import { PrivilegeMatrix, grantedCount, type PrivilegeMap } from './PrivilegeMatrix';
import { useModules } from '../../shared/lookups';

function GrantedSummary() {
  const privileges = Form.useWatch<PrivilegeMap | undefined>('privileges', { preserve: true });
  return (
    <Typography.Text style={{ color: '#51605f' }} aria-live="polite">
      {grantedCount(privileges ?? {})} privilegios otorgados
    </Typography.Text>
  );
}

/** `/dashboard/roles/{id}`: the role's privilege matrix, on the form page block. */
export function RoleEditorPage() {
  const modules = useModules();

  return (
    <>
      <PageHeader
        title="Editar privilegios"
        description="Marca las acciones que este rol puede realizar en cada módulo."
      />
      <FormPage<typeof updateRoleBody, Role>
        title="Rol"
        resource="role"
        listPath="/dashboard/roles"
        schema={updateRoleBody}
        load={{ queryKey: roleKeys.detail, fetch: fetchRole }}
        toValues={(role) => ({ privileges: role.privileges })}
        submit={(body, id) => updateRole(id ?? 0, body)}
        invalidates={[roleKeys.all]}
        lockedReason={(role) =>
          role.key === LOCKED_ROLE_KEY
            ? 'El Super Administrador conserva siempre todos los privilegios, para que nadie pueda dejar a la cadena sin administración.'
            : null
        }
        heading={({ record }) =>
          record && (
            <div style={{ marginBottom: 20 }}>
              <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
                {record.role}{' '}
                {record.branchFixed ? (
                  <ToneTag tone="gold">Solo su sucursal</ToneTag>
                ) : (
                  <ToneTag tone="teal">Todas las sucursales</ToneTag>
                )}
              </Typography.Title>
            </div>
          )
        }
        submitLabel="Guardar privilegios"
      >
        {() =>
          modules.isLoading ? (
            <Skeleton active paragraph={{ rows: 10 }} />
          ) : modules.isError ? (
            <Alert type="error" showIcon title="No se pudieron cargar los módulos" />
          ) : (
            <>
              <div style={{ marginBottom: 12 }}>
                <GrantedSummary />
              </div>
              <Form.Item
                name="privileges"
                label={<span className="visually-hidden">Privilegios</span>}
                rules={[zodRule(updateRoleBody, 'privileges')]}
              >
                <PrivilegeMatrix modules={modules.data ?? []} />
              </Form.Item>
            </>
          )
        }
      </FormPage>
    </>
  );
}
