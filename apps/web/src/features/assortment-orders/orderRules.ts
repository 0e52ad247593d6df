import {
  ASSORTMENT_CONFIRM_PROMPT,
  ASSORTMENT_EXCEEDS_MAX,
  ASSORTMENT_INSUFFICIENT,
  ASSORTMENT_RECEIVED_ABOVE_SENT,
  ASSORTMENT_REJECT_PROMPT,
  assortmentApprovalBlocked,
  assortmentApproveBody,
  assortmentConfirmBody,
  assortmentFormMode,
  assortmentLockedReason,
  assortmentMayApprove,
  assortmentOrderBody,
  assortmentOrderMenu,
  assortmentReceivesAt,
  assortmentRemovable,
  msg,
  type AssortmentActor,
  type AssortmentFormMode,
  type AssortmentOrderState,
} from '@clinica/domain';
import { withFormChecks } from '../../shared/form/withFormChecks';
import type { AssortmentOrder } from './api';

/**
 * The assortment order's form and row menu (spec 001 §4–§6): the rules are the domain's
 * (`assortmentFormMode`, `assortmentOrderMenu`, …, as the API enforces them), read here from the
 * order as the API answers it; the form's schemas add the checks the screen makes before sending.
 */

export const EXCEEDS_MAX = ASSORTMENT_EXCEEDS_MAX;
export const INSUFFICIENT = ASSORTMENT_INSUFFICIENT;
export const RECEIVED_ABOVE_SENT = ASSORTMENT_RECEIVED_ABOVE_SENT;
export const CONFIRM_PROMPT = ASSORTMENT_CONFIRM_PROMPT;
export const REJECT_PROMPT = ASSORTMENT_REJECT_PROMPT;

export type OrderMode = AssortmentFormMode;
export type Actor = AssortmentActor;

type OrderState = Pick<AssortmentOrder, 'status' | 'orderBy' | 'branch'>;

/** The order as the domain's rules read it. */
const stateOf = (order: OrderState): AssortmentOrderState => ({
  status: order.status,
  createdBy: order.orderBy?.id ?? null,
  branchId: order.branch.id,
});

export const mayApprove = (actor: Actor, order: OrderState) =>
  assortmentMayApprove(actor, stateOf(order));

export const approvalBlocked = (actor: Actor, order: OrderState) =>
  assortmentApprovalBlocked(actor, stateOf(order));

export const receivesAt = (actor: Actor, order: OrderState) =>
  assortmentReceivesAt(actor, stateOf(order));

/** The form's mode for an order (null: a new one). */
export const orderModeFor = (actor: Actor, order: OrderState | null): OrderMode =>
  assortmentFormMode(actor, order && stateOf(order));

/** What the list's row menu offers beside 'Ver', 'Descargar PDF' and 'Eliminar'. */
export const orderMenu = (actor: Actor, order: OrderState) =>
  assortmentOrderMenu(actor, stateOf(order));

export const removable = (order: Pick<AssortmentOrder, 'status' | 'deleted_at'>) =>
  assortmentRemovable({ status: order.status, deleted: order.deleted_at !== null });

export const lockedReason = (order: Pick<AssortmentOrder, 'status'>) =>
  assortmentLockedReason(order.status);

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
