import { roleKeyByName } from '@clinica/domain';
import { usePrivileges, useSession } from '../../shared/session/hooks';
import type { Actor } from './orderRules';

/** The signed-in user as the order rules read them. */
export function useActor(): Actor {
  const session = useSession();
  const { can } = usePrivileges();
  return {
    userId: session?.user.userId ?? 0,
    roleKey: roleKeyByName(session?.user.role ?? '') ?? '',
    branchId: session?.user.branchId ?? null,
    canEdit: can('assortmentOrder', 'edit'),
    canApprove: can('assortmentOrder', 'approve'),
  };
}
