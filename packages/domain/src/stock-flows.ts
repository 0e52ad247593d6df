import { ROLES, type RoleKey } from './privileges';

/**
 * The stock flows between branches (spec 001 §4, §6; CONTRACT §9) as state machines, read by the
 * API (which enforces them) and by the screens (which offer only what they allow): assortment
 * orders (CEDIS → branch) and transfers (branch → branch) go En proceso → En transito →
 * Terminada, or Rechazada, or Eliminada before approval.
 */

export const FLOW_STATUSES = [
  'En proceso',
  'En transito',
  'Terminada',
  'Rechazada',
  'Eliminada',
] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

/** The status colours of spec 001 §4 (antd tag colours). */
export const FLOW_STATUS_COLORS: Record<FlowStatus, string> = {
  'En proceso': 'blue',
  'En transito': 'gold',
  Terminada: 'green',
  Rechazada: 'orange',
  Eliminada: 'red',
};

/** The five kinds of assortment order (spec 001 §3). */
export const ASSORTMENT_ORDER_TYPES = [
  'Orden de apertura',
  'Ordinario de venta',
  'Ordinario general',
  'Extraordinario de venta',
  'Extraordinario general',
] as const;

export type FlowEvent = 'approve' | 'confirm' | 'reject' | 'delete' | 'edit';

const TRANSITIONS: Record<FlowStatus, Partial<Record<FlowEvent, FlowStatus>>> = {
  'En proceso': {
    approve: 'En transito',
    reject: 'Rechazada',
    delete: 'Eliminada',
    edit: 'En proceso',
  },
  'En transito': { confirm: 'Terminada', reject: 'Rechazada' },
  Terminada: {},
  Rechazada: {},
  Eliminada: {},
};

/** The status an event leads to, or null when it is not allowed in that status. */
export function flowAfter(status: FlowStatus, event: FlowEvent): FlowStatus | null {
  return TRANSITIONS[status][event] ?? null;
}

/**
 * Why an event is refused in a status, as the catalogue's 409 sub-code (CONTRACT §9): confirming
 * before approval 29; anything else on a finished order 30; anything on a rejected one 33;
 * deleting anything but an order in process 34. Null when allowed.
 */
export function flowRefusal(status: FlowStatus, event: FlowEvent): 29 | 30 | 33 | 34 | null {
  if (flowAfter(status, event) !== null) return null;
  // Deleting is for orders still in process only, whatever became of the others (CONTRACT §9).
  if (event === 'delete') return 34;
  if (status === 'Terminada') return 30;
  if (status === 'Rechazada' || event === 'reject') return 33;
  if (event === 'confirm' && status === 'En proceso') return 29;
  return 30;
}

/**
 * Who may approve an assortment order (spec 001 §4, §6): a holder of `assortmentOrder.approve`
 * who did not create it (409 code 31) and is not a branch or operational manager (403).
 */
export function assortmentApprovalRefusal(
  actor: { userId: number; roleKey: RoleKey | string },
  order: { createdBy: number | null },
): 403 | 31 | null {
  if (actor.roleKey === 'branchManager' || actor.roleKey === 'operationalManager') return 403;
  if (order.createdBy !== null && order.createdBy === actor.userId) return 31;
  return null;
}

/** Whether a role works from its own branch only (the form fixes the branch to it). */
export const isBranchFixed = (roleKey: RoleKey | string) =>
  ROLES[roleKey as RoleKey]?.branchFixed ?? true;

/**
 * What the transfer list's row menu offers a user (spec 001 §6): approvers see a review link on
 * transfers not yet approved (the Super Administrador on any unconfirmed one not rejected);
 * delete only at the origin before approval; edit at the origin, or on an approved, unconfirmed
 * transfer at the destination (to confirm it).
 */
export function transferMenu(
  actor: { roleKey: RoleKey | string; branchId: number | null; canApprove: boolean },
  transfer: { status: FlowStatus; originBranchId: number; destinyBranchId: number },
): { review: boolean; edit: boolean; confirm: boolean; remove: boolean } {
  const superAdmin = actor.roleKey === 'superAdmin';
  const atOrigin = superAdmin || actor.branchId === transfer.originBranchId;
  const atDestination = superAdmin || actor.branchId === transfer.destinyBranchId;
  const open = transfer.status === 'En proceso';
  return {
    review: actor.canApprove && (open || (superAdmin && transfer.status === 'En transito')),
    edit: atOrigin && open,
    confirm: atDestination && transfer.status === 'En transito',
    remove: atOrigin && open,
  };
}
