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
 * Which side of a transfer a user acts for (spec 001 §6, CONTRACT §9): the origin edits and
 * deletes it (the Super Administrador for any origin); the destination confirms it (a role that
 * sees every branch, for any destination). The API refuses the other side (403).
 */
export function transferSides(
  actor: { roleKey: RoleKey | string; branchId: number | null },
  transfer: { originBranchId: number; destinyBranchId: number },
): { atOrigin: boolean; atDestination: boolean } {
  return {
    atOrigin: actor.roleKey === 'superAdmin' || actor.branchId === transfer.originBranchId,
    atDestination: !isBranchFixed(actor.roleKey) || actor.branchId === transfer.destinyBranchId,
  };
}

/**
 * What the transfer list's row menu offers a user (spec 001 §6): approvers see a review link on
 * transfers not yet approved (the Super Administrador on any unconfirmed one not rejected),
 * instead of the edit link (both lead to the same form); delete and edit at the origin before
 * approval; confirm at the destination while in transit.
 */
export function transferMenu(
  actor: { roleKey: RoleKey | string; branchId: number | null; canApprove: boolean },
  transfer: { status: FlowStatus; originBranchId: number; destinyBranchId: number },
): { review: boolean; edit: boolean; confirm: boolean; remove: boolean } {
  const superAdmin = actor.roleKey === 'superAdmin';
  const { atOrigin, atDestination } = transferSides(actor, transfer);
  const open = transfer.status === 'En proceso';
  const review = actor.canApprove && (open || (superAdmin && transfer.status === 'En transito'));
  return {
    review,
    edit: atOrigin && open && !review,
    confirm: atDestination && transfer.status === 'En transito',
    remove: atOrigin && open,
  };
}

/* ---------- Sale orders (business customers, CONTRACT §9) ---------- */

/**
 * A sale-order line asking more than its lot holds (spec 001 §5): the form's message, and the
 * detail the API puts on the line of its 422 code 1.
 */
export const SALE_ORDER_SHORT = 'No se cuenta con suficiente stock';

/** A sale-order line's subtotal, quantity × price, in cents rounded. */
export const saleLineSubtotal = (line: { quantity: number; price: number }) =>
  Math.round(line.quantity * line.price * 100) / 100;

/** A sale order's `totalAmount`: Σ of its lines' subtotals (the server computes it). */
export const saleOrderTotal = (lines: { quantity: number; price: number }[]) =>
  Math.round(lines.reduce((sum, line) => sum + saleLineSubtotal(line) * 100, 0)) / 100;
/** Transfer lists page by 20, with 10 to 80 a page (spec 001 §9). */
export const TRANSFER_PAGE_SIZES = [10, 20, 40, 60, 80] as const;
export const TRANSFER_DEFAULT_TAKE = 20;

/**
 * The label a branch's own user reads beside an unconfirmed transfer's status (spec 001 §4: "in
 * transit for the origin branch"): the origin sees what it sent 'En tránsito', or waiting for
 * approval; the destination what it is to receive. Null for everyone else and for closed ones.
 */
export function transferSideLabel(
  actor: { branchId: number | null },
  transfer: { status: FlowStatus; originBranchId: number; destinyBranchId: number },
): string | null {
  const origin = actor.branchId === transfer.originBranchId;
  const destination = actor.branchId === transfer.destinyBranchId;
  if (transfer.status === 'En transito') {
    if (origin) return 'En tránsito';
    if (destination) return 'Por recibir';
  }
  if (transfer.status === 'En proceso') {
    if (origin) return 'Por aprobar';
    if (destination) return 'Por enviar';
  }
  return null;
}

export type TransferFormMode = 'create' | 'edit' | 'approve' | 'confirm' | 'view';

/**
 * What the transfer form at `/transferencias/{id}` lets a user do (spec 001 §2, §4, §6), by the
 * same rules as the API: an approver reviews a transfer in process (quantities to send, or
 * reject); the origin edits it; the destination confirms one in transit (and an approver may
 * still reject it there). Otherwise it is shown read-only, with the reason.
 */
export function transferFormMode(
  actor: {
    roleKey: RoleKey | string;
    branchId: number | null;
    canApprove: boolean;
    canEdit: boolean;
  },
  transfer: {
    status: FlowStatus;
    originBranchId: number;
    destinyBranchId: number;
    deleted: boolean;
  },
): { mode: Exclude<TransferFormMode, 'create'>; canReject: boolean; reason: string | null } {
  const status = transfer.deleted ? 'Eliminada' : transfer.status;
  const { atOrigin, atDestination } = transferSides(actor, transfer);
  const canReject = actor.canApprove && flowAfter(status, 'reject') !== null;
  const view = (reason: string) => ({ mode: 'view' as const, canReject, reason });
  switch (status) {
    case 'En proceso':
      if (actor.canApprove) return { mode: 'approve', canReject, reason: null };
      if (atOrigin && actor.canEdit) return { mode: 'edit', canReject, reason: null };
      return view(
        atOrigin
          ? 'Tu rol no tiene permiso para editar esta transferencia.'
          : 'Solo la sucursal de origen puede editarla; está en espera de aprobación.',
      );
    case 'En transito':
      if (atDestination && actor.canEdit) return { mode: 'confirm', canReject, reason: null };
      return view(
        atDestination
          ? 'Tu rol no tiene permiso para confirmar esta transferencia.'
          : 'Va en tránsito: solo la sucursal de destino puede confirmar lo recibido.',
      );
    case 'Terminada':
      return view('La transferencia fue recibida: solo se puede consultar.');
    case 'Rechazada':
      return view('La transferencia fue rechazada: solo se puede consultar.');
    case 'Eliminada':
      return view('La transferencia fue eliminada: solo se puede consultar.');
  }
}
