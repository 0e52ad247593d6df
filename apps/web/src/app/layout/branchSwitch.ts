import { ROLES, roleKeyByName } from '@clinica/domain';

/** Whether this role may work in any branch (the super administrator), and so switch from here. */
export function switchesBranch(role: string | undefined): boolean {
  const key = roleKeyByName(role ?? '');
  return key ? ROLES[key].signsInAnywhere : false;
}
