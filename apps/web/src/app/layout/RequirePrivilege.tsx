import { lazy } from 'react';
import { Outlet } from 'react-router';
import type { Resource } from '@clinica/domain';
import { canOpen } from '../navigation';
import { usePrivileges } from '../../shared/session/hooks';

// antd's Result (and its 403 picture) loads only for whom it is shown, not with every section.
const NoAccess = lazy(async () => ({ default: (await import('./NoAccess')).NoAccess }));

/**
 * A screen whose resource the user holds no privilege on says so instead of failing call by call
 * (the API refuses with 403 anyway: this is the courtesy, not the control). It admits exactly
 * whom the sidebar shows the item to (`canOpen`), so no link leads to 'Sin acceso'.
 */
export function RequirePrivilege({
  resource,
  alsoBy,
}: {
  resource: Resource;
  /** Other resources that open it too (`FeatureDef.openedAlsoBy`). */
  alsoBy?: Resource[];
}) {
  const { privileges } = usePrivileges();
  if (!canOpen({ key: resource, alsoKeys: alsoBy }, privileges)) return <NoAccess />;
  return <Outlet />;
}
