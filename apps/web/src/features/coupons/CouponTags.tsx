import {
  COUPON_CONDITION_LABELS,
  COUPON_TYPE_LABELS,
  couponCondition,
  type CouponType,
} from '@clinica/domain';
import { todayInBranch } from '../../shared/format';
import { ToneTag, type Tone } from '../../shared/Tone';
import type { Coupon } from './api';

const CONDITION_TONES = {
  active: 'green',
  inactive: 'gray',
  expired: 'orange',
  exhausted: 'red',
} as const satisfies Record<keyof typeof COUPON_CONDITION_LABELS, Tone>;

/** 'Activo', 'Inactivo', 'Vencido' (past its date) or 'Agotado' (no uses left). */
export function couponConditionText(coupon: Coupon): string {
  return COUPON_CONDITION_LABELS[couponCondition(coupon, todayInBranch())];
}

export function CouponStatusTag({ coupon }: { coupon: Coupon }) {
  const condition = couponCondition(coupon, todayInBranch());
  return <ToneTag tone={CONDITION_TONES[condition]}>{COUPON_CONDITION_LABELS[condition]}</ToneTag>;
}

export function CouponTypeTag({ type }: { type: CouponType }) {
  return (
    <ToneTag tone={type === 'Treatment' ? 'blue' : 'purple'}>{COUPON_TYPE_LABELS[type]}</ToneTag>
  );
}

/** The treatment or product a coupon discounts. */
export const couponItemName = (coupon: Coupon) =>
  coupon.treatment?.name ?? coupon.product?.name ?? '—';
