import {
  assortmentApprovalRefusal,
  assortmentApproveBody,
  assortmentConfirmBody,
  assortmentOrderBody,
  isBranchFixed,
  msg,
  type RoleKey,
} from '@clinica/domain';
import { withFormChecks } from '../../shared/form/withFormChecks';
import type { AssortmentOrder } from './api';

/**
 * The assortment order's form and row menu (spec 001 §4–§6), read from the domain's state machine
 * and approval rule, as the API enforces them: one form with three modes (create, approve,
 * confirm); an order in process is edited by who may not approve it, and a closed one is read.
 */

/** The messages of spec 001 §5, as the API words them. */
export const EXCEEDS_MAX = 'La cantidad excede el límite permitido';
export const INSUFFICIENT = 'Inventarío insuficiente';
export const RECEIVED_ABOVE_SENT = 'La cantidad recibida no puede ser mayor a la enviada';
export const CONFIRM_PROMPT = '¿Deseas confirmar esta orden?';
export const REJECT_PROMPT = '¿Deseas rechazar esta orden?';

export type OrderMode = 'create' | 'edit' | 'approve' | 'confirm' | 'view';

/** Who is looking: the session's user, role and branch, and their privileges on the orders. */
export interface Actor {
  userId: number;
  roleKey: RoleKey | string;
  branchId: number | null;
  canEdit: boolean;
  canApprove: boolean;
}

type OrderState = Pick<AssortmentOrder, 'status' | 'orderBy' | 'branch'>;

/** Whether the actor may approve this order: the privilege, not its creator, not a branch role. */
export function mayApprove(actor: Actor, order: OrderState): boolean {
  return (
    actor.canApprove &&
    order.status === 'En proceso' &&
    assortmentApprovalRefusal(actor, { createdBy: order.orderBy?.id ?? null }) === null
  );
}

/** Why an approver is not offered the approval of an order in process; null when they are. */
export function approvalBlocked(actor: Actor, order: OrderState): string | null {
  if (!actor.canApprove || order.status !== 'En proceso') return null;
  const refusal = assortmentApprovalRefusal(actor, { createdBy: order.orderBy?.id ?? null });
  if (refusal === 31) return 'Quien creó la orden no puede aprobarla: la aprueba otra persona.';
  if (refusal === 403) return 'Los gerentes de sucursal no aprueban órdenes de surtido.';
  return null;
}

/** Whether the actor receives at the order's branch (a role of every branch receives anywhere). */
export const receivesAt = (actor: Actor, order: OrderState) =>
  !isBranchFixed(actor.roleKey) || actor.branchId === order.branch.id;

/** The form's mode for an order (null: a new one). */
export function orderModeFor(actor: Actor, order: OrderState | null): OrderMode {
  if (!order) return 'create';
  if (order.status === 'En proceso') {
    if (mayApprove(actor, order)) return 'approve';
    return actor.canEdit ? 'edit' : 'view';
  }
  if (order.status === 'En transito' && actor.canEdit && receivesAt(actor, order)) return 'confirm';
  return 'view';
}

/** What the list's row menu offers beside 'Ver', 'Descargar PDF' and 'Eliminar'. */
export function orderMenu(actor: Actor, order: OrderState) {
  const mode = orderModeFor(actor, order);
  return {
    approve: mode === 'approve',
    edit: mode === 'edit',
    confirm: mode === 'confirm',
    reject: actor.canApprove && (order.status === 'En proceso' || order.status === 'En transito'),
  };
}

/** Deleting is for orders still in process (CONTRACT §9: else 409 code 34). */
export const removable = (order: Pick<AssortmentOrder, 'status' | 'deleted_at'>) =>
  order.status === 'En proceso' && order.deleted_at === null;

/** Why the form of an order is read-only for everybody, when it is. */
export function lockedReason(order: Pick<AssortmentOrder, 'status'>): string | null {
  switch (order.status) {
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

/** Units sent and not received of a line; null until both are known. */
export function differenceOf(sent: number | null, received: number | null | undefined) {
  return typeof sent === 'number' && typeof received === 'number' ? sent - received : null;
}

interface OrderedLine {
  productId?: number | null;
  orderedQuantity?: number | null;
}

/**
 * Create and edit: the create's body, with the branch required of those who choose it, and each
 * quantity within the branch's max of its product unless that max is 0 (spec 001 §5).
 */
export function orderFormSchema(
  branchFixed: boolean,
  maxOf: (productId: unknown) => number | null,
) {
  return withFormChecks(assortmentOrderBody, {
    extraKeys: [],
    extra: () => null,
    check: (values, issue) => {
      if (!branchFixed && !values.branchId) issue('branchId', msg.required('Sucursal'));
      const lines = (values.assortmentOrderProducts as OrderedLine[] | undefined) ?? [];
      lines.forEach((line, index) => {
        const max = maxOf(line.productId);
        if (max && typeof line.orderedQuantity === 'number' && line.orderedQuantity > max)
          issue(`assortmentOrderProducts.${index}.orderedQuantity`, EXCEEDS_MAX);
      });
    },
  });
}

interface SentLine {
  productId?: number | null;
  stockId?: number | null;
  stockedQuantity?: number | null;
}

/**
 * Approve: the approval's body (a lot and a quantity to send on every line, a lot once), each
 * quantity within what its lot holds ('Inventarío insuficiente'), every product of the order sent.
 */
export function approveFormSchema(
  order: Pick<AssortmentOrder, 'assortmentOrderProducts'>,
  lotQuantity: (stockId: unknown) => number | null,
) {
  return withFormChecks(assortmentApproveBody, {
    extraKeys: [],
    extra: () => null,
    check: (values, issue) => {
      const lines = (values.assortmentOrderProducts as SentLine[] | undefined) ?? [];
      lines.forEach((line, index) => {
        const available = lotQuantity(line.stockId);
        if (
          available !== null &&
          typeof line.stockedQuantity === 'number' &&
          line.stockedQuantity > available
        )
          issue(`assortmentOrderProducts.${index}.stockedQuantity`, INSUFFICIENT);
      });
      for (const ordered of order.assortmentOrderProducts) {
        if (!lines.some((line) => line.productId === ordered.productId))
          issue(
            'assortmentOrderProducts',
            `Indica el lote y la cantidad a enviar de ${ordered.product.sku} ${ordered.product.name}`,
          );
      }
    },
  });
}

interface ReceivedLine {
  id?: number;
  receivedQuantity?: number | null;
}

/** Confirm: the quantity received of every line, at most what was sent. */
export function confirmFormSchema(order: Pick<AssortmentOrder, 'assortmentOrderProducts'>) {
  const sent = new Map(
    order.assortmentOrderProducts.map((line) => [line.id, line.stockedQuantity]),
  );
  return withFormChecks(assortmentConfirmBody, {
    extraKeys: [],
    extra: () => null,
    check: (values, issue) => {
      const lines = (values.assortmentOrderProducts as ReceivedLine[] | undefined) ?? [];
      lines.forEach((line, index) => {
        const most = sent.get(line.id ?? -1) ?? 0;
        if (typeof line.receivedQuantity === 'number' && line.receivedQuantity > most)
          issue(`assortmentOrderProducts.${index}.receivedQuantity`, RECEIVED_ABOVE_SENT);
      });
    },
  });
}

/** The form's values of an order in each mode. */
export function toFormValues(order: AssortmentOrder, mode: OrderMode, branchFixed: boolean) {
  if (mode === 'approve') {
    return {
      assortmentOrderProducts: order.assortmentOrderProducts.map((line) => ({
        productId: line.productId,
        stockId: null,
        stockedQuantity: line.orderedQuantity,
      })),
    };
  }
  if (mode === 'confirm') {
    return {
      assortmentOrderProducts: order.assortmentOrderProducts.map((line) => ({
        id: line.id,
        receivedQuantity: null,
      })),
    };
  }
  return {
    orderType: order.orderType,
    ...(branchFixed ? {} : { branchId: order.branch.id }),
    comments: order.comments ?? '',
    assortmentOrderProducts: order.assortmentOrderProducts
      .filter((line) => line.orderedQuantity > 0)
      .map((line) => ({ productId: line.productId, orderedQuantity: line.orderedQuantity })),
  };
}
