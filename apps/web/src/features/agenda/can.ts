import type { Action } from '@clinica/domain';
import { usePrivileges } from '../../shared/session/hooks';

/**
 * The agenda's privileges read either `agenda` (the grid) or `appointment` (the table). Its own
 * module, so the grid's page has it at first paint without the actions dialog's code.
 */
export function useAgendaCan() {
  const { can } = usePrivileges();
  return (action: Action) => can('agenda', action) || can('appointment', action);
}
