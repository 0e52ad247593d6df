/**
 * A product's approval (spec 001 §4–§5) as one state machine, read by the API (which enforces it)
 * and by the product form (which shows only what it allows): its states, what approve, reject and
 * a save do from each, and who may change what in which state.
 */

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const approvalLabels: Record<ApprovalStatus, string> = {
  pending: 'Pendiente',
  approved: 'Aprobado',
  rejected: 'Rechazado',
};

/** Pending: neither date set; approved or rejected by the date that is (spec 001 §4). */
export function approvalStatusOf(product: {
  approved_at: unknown;
  rejected_at: unknown;
}): ApprovalStatus {
  if (product.rejected_at) return 'rejected';
  if (product.approved_at) return 'approved';
  return 'pending';
}

/** What happens to a product: an approver's decision, or a save of its data. */
export type ApprovalEvent = 'approve' | 'reject' | 'save';

/**
 * The transitions: approve and reject only from pending; a save keeps a pending or approved
 * product as it is and sends a rejected one back to pending, to be reviewed again.
 */
const TRANSITIONS: Record<ApprovalStatus, Partial<Record<ApprovalEvent, ApprovalStatus>>> = {
  pending: { approve: 'approved', reject: 'rejected', save: 'pending' },
  approved: { save: 'approved' },
  rejected: { save: 'pending' },
};

/** The state an event leads to from a state, or null when the event is not allowed there. */
export function approvalAfter(status: ApprovalStatus, event: ApprovalEvent): ApprovalStatus | null {
  return TRANSITIONS[status][event] ?? null;
}

/** Why an approver's decision is refused in this state (409), or null when it is allowed. */
export function reviewRefusal(
  status: ApprovalStatus,
  decision: 'approve' | 'reject',
): string | null {
  if (approvalAfter(status, decision) !== null) return null;
  return status === 'approved' ? 'El producto ya fue aprobado' : 'El producto ya fue rechazado';
}

/** What a user may do with a product in its state, given whether they hold `products.approve`. */
export interface ProductEditRules {
  /** Approve and reject are offered (an approver, a pending product). */
  reviewable: boolean;
  /** The active flag may change: never while rejected (it waits for the review). */
  activeToggle: boolean;
  /**
   * The financial fields (prices) may change: only an approver, and not on a rejected product,
   * which goes back to pending and gets its prices when it is approved.
   */
  financials: boolean;
  /** Saving it sends it back to pending. */
  resubmits: boolean;
}

export function productEditRules(status: ApprovalStatus, canApprove: boolean): ProductEditRules {
  return {
    reviewable:
      canApprove &&
      approvalAfter(status, 'approve') !== null &&
      approvalAfter(status, 'reject') !== null,
    activeToggle: status !== 'rejected',
    financials: canApprove && status !== 'rejected',
    resubmits: approvalAfter(status, 'save') !== status,
  };
}

/** The messages a save answers when it breaks the rules above (400, per field). */
export const approvalMessages = {
  activeWhileRejected: 'Un producto rechazado no se puede activar ni desactivar',
  financialsWhileRejected:
    'Un producto rechazado no lleva precios: vuelve a Pendiente y se fijan al aprobarlo',
} as const;
