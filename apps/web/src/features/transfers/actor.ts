import { roleKeyByName } from '@clinica/domain';
import { usePrivileges, useSession } from '../../shared/session/hooks';

/** The signed-in user as the domain's transfer rules read them (`transferMenu`, `transferFormMode`). */
export function useTransferActor() {
  const session = useSession();
  const { can } = usePrivileges();
  return {
    roleKey: roleKeyByName(session?.user.role ?? '') ?? '',
    branchId: session?.user.branchId ?? null,
    canApprove: can('transfers', 'approve'),
    canEdit: can('transfers', 'edit'),
  };
}
