import type { RoleKey } from './privileges';
import {
  assortmentApprovalRefusal,
  flowAfter,
  isBranchFixed,
  type FlowStatus,
} from './stock-flows';

/**
 * The assortment order's form and row menu (spec 001 §4–§6), as the transfer's are in
 * `stock-flows.ts`: read by the API (which enforces them) and by the screens (which offer only what
 * they allow). One form with three modes (create, approve, confirm); an order in process is edited
 * by who may not approve it, and a closed one is read.
 */

/** The messages of spec 001 §5, as the API answers them and the form shows them. */
export const ASSORTMENT_EXCEEDS_MAX = 'La cantidad excede el límite permitido';
export const ASSORTMENT_INSUFFICIENT = 'Inventarío insuficiente';
export const ASSORTMENT_RECEIVED_ABOVE_SENT =
  'La cantidad recibida no puede ser mayor a la enviada';
export const ASSORTMENT_CONFIRM_PROMPT = '¿Deseas confirmar esta orden?';
export const ASSORTMENT_REJECT_PROMPT = '¿Deseas rechazar esta orden?';

export type AssortmentFormMode = 'create' | 'edit' | 'approve' | 'confirm' | 'view';

/** Who is looking: the session's user, role and branch, and their privileges on the orders. */
export interface AssortmentActor {
  userId: number;
  roleKey: RoleKey | string;
  branchId: number | null;
  canEdit: boolean;
  canApprove: boolean;
}

/** What the rules read of an order: its status, who created it, the branch that receives it. */
export interface AssortmentOrderState {
  status: FlowStatus;
  createdBy: number | null;
  branchId: number;
}

/** Whether the actor may approve this order: the privilege, not its creator, not a branch role. */
export function assortmentMayApprove(actor: AssortmentActor, order: AssortmentOrderState): boolean {
  return (
    actor.canApprove &&
    order.status === 'En proceso' &&
    assortmentApprovalRefusal(actor, order) === null
  );
}

/** Why an approver is not offered the approval of an order in process; null when they are. */
export function assortmentApprovalBlocked(
  actor: AssortmentActor,
  order: AssortmentOrderState,
): string | null {
  if (!actor.canApprove || order.status !== 'En proceso') return null;
  const refusal = assortmentApprovalRefusal(actor, order);
  if (refusal === 31) return 'Quien creó la orden no puede aprobarla: la aprueba otra persona.';
  if (refusal === 403) return 'Los gerentes de sucursal no aprueban órdenes de surtido.';
  return null;
}

/** Whether the actor receives at the order's branch (a role of every branch receives anywhere). */
export const assortmentReceivesAt = (
  actor: Pick<AssortmentActor, 'roleKey' | 'branchId'>,
  order: Pick<AssortmentOrderState, 'branchId'>,
) => !isBranchFixed(actor.roleKey) || actor.branchId === order.branchId;

/** The form's mode for an order (null: a new one). */
export function assortmentFormMode(
  actor: AssortmentActor,
  order: AssortmentOrderState | null,
): AssortmentFormMode {
  if (!order) return 'create';
  if (order.status === 'En proceso') {
    if (assortmentMayApprove(actor, order)) return 'approve';
    return actor.canEdit ? 'edit' : 'view';
  }
  if (order.status === 'En transito' && actor.canEdit && assortmentReceivesAt(actor, order))
    return 'confirm';
  return 'view';
}

/** What the list's row menu offers beside 'Ver', 'Descargar PDF' and 'Eliminar'. */
export function assortmentOrderMenu(actor: AssortmentActor, order: AssortmentOrderState) {
  const mode = assortmentFormMode(actor, order);
  return {
    approve: mode === 'approve',
    edit: mode === 'edit',
    confirm: mode === 'confirm',
    reject: actor.canApprove && flowAfter(order.status, 'reject') !== null,
  };
}

/** Deleting is for orders still in process (CONTRACT §9: else 409 code 34). */
export const assortmentRemovable = (order: { status: FlowStatus; deleted: boolean }) =>
  !order.deleted && flowAfter(order.status, 'delete') !== null;

/** Why the form of an order is read-only for everybody, when it is. */
export function assortmentLockedReason(status: FlowStatus): string | null {
  switch (status) {
    case 'Terminada':
      return 'La orden está terminada: solo se puede consultar.';
    case 'Rechazada':
      return 'La orden fue rechazada: solo se puede consultar.';
    case 'Eliminada':
      return 'La orden fue eliminada: solo se puede consultar.';
    default:
      return null;
  }
}
