import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@clinica/domain';
import { ToneTag, type Tone } from '../Tone';

/**
 * The payment states in the spec's colours (spec 002 §4: paid green, pending orange, to confirm
 * cyan, error red), in the tones that pass WCAG AA; its cyan as teal.
 */
export const PAYMENT_TONES: Readonly<Record<PaymentStatus, Tone>> = {
  paid: 'green',
  pending_payment: 'orange',
  pending_confirmation: 'teal',
  error: 'red',
};

export function PaymentStatusTag({ status }: { status: PaymentStatus }) {
  return <ToneTag tone={PAYMENT_TONES[status]}>{PAYMENT_STATUS_LABELS[status]}</ToneTag>;
}

/** 'Venta', or 'Devolución' once refunded (spec 002 §4). */
export const saleTypeOf = (order: { refundedAt: string | null }) =>
  order.refundedAt ? 'Devolución' : 'Venta';

export function SaleTypeTag({ order }: { order: { refundedAt: string | null } }) {
  return order.refundedAt ? (
    <ToneTag tone="purple">Devolución</ToneTag>
  ) : (
    <ToneTag tone="blue">Venta</ToneTag>
  );
}

/** A refund is offered only for a paid order not yet refunded (spec 002 §4). */
export const canBeRefunded = (order: { paymentStatus: PaymentStatus; refundedAt: string | null }) =>
  order.paymentStatus === 'paid' && order.refundedAt === null;
