import { Result } from 'antd';
import { LinkButton } from '../../shared/LinkButton';

/** What a section says to a role without privileges on it. */
export function NoAccess() {
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
