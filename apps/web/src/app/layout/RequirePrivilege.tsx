import { Outlet } from 'react-router';
import { Result } from 'antd';
import type { Resource } from '@clinica/domain';
import { LinkButton } from '../../shared/LinkButton';
import { canSee } from '../navigation';
import { usePrivileges } from '../../shared/session/hooks';

/**
 * A screen whose resource the user holds no privilege on says so instead of failing call by call
 * (the API refuses with 403 anyway: this is the courtesy, not the control). It admits exactly
 * whom the sidebar shows the item to (`canSee`), so no link leads to 'Sin acceso'.
 */
export function RequirePrivilege({ resource }: { resource: Resource }) {
  const { privileges } = usePrivileges();
  if (!canSee(resource, privileges)) {
    return (
      <Result
        status="403"
        title="Sin acceso"
        subTitle="Tu rol no tiene permiso para ver esta sección."
        extra={
          <LinkButton type="primary" to="/dashboard">
            Ir al inicio
          </LinkButton>
        }
      />
    );
  }
  return <Outlet />;
}
