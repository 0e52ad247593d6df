import { describe, expect, it } from 'vitest';
import {
  APPROVAL_STATUSES,
  approvalAfter,
  approvalStatusOf,
  productEditRules,
  reviewRefusal,
} from './product-approval';

describe('product approval state machine (spec 001 §4)', () => {
  it('reads the state from the two dates', () => {
    expect(approvalStatusOf({ approved_at: null, rejected_at: null })).toBe('pending');
    expect(approvalStatusOf({ approved_at: '2026-01-01', rejected_at: null })).toBe('approved');
    expect(approvalStatusOf({ approved_at: null, rejected_at: '2026-01-01' })).toBe('rejected');
  });

  it('approves and rejects only a pending product', () => {
    expect(approvalAfter('pending', 'approve')).toBe('approved');
    expect(approvalAfter('pending', 'reject')).toBe('rejected');
    for (const status of ['approved', 'rejected'] as const) {
      expect(approvalAfter(status, 'approve')).toBeNull();
      expect(approvalAfter(status, 'reject')).toBeNull();
    }
    expect(reviewRefusal('pending', 'approve')).toBeNull();
    expect(reviewRefusal('approved', 'reject')).toBe('El producto ya fue aprobado');
    expect(reviewRefusal('rejected', 'approve')).toBe('El producto ya fue rechazado');
  });

  it('sends a rejected product back to pending when saved; a save keeps the other states', () => {
    expect(approvalAfter('rejected', 'save')).toBe('pending');
    expect(approvalAfter('pending', 'save')).toBe('pending');
    expect(approvalAfter('approved', 'save')).toBe('approved');
    expect(productEditRules('rejected', true).resubmits).toBe(true);
    expect(productEditRules('approved', true).resubmits).toBe(false);
  });

  it('offers the review only to an approver of a pending product', () => {
    const reviewable = APPROVAL_STATUSES.flatMap((status) =>
      [true, false]
        .filter((approver) => productEditRules(status, approver).reviewable)
        .map((approver) => [status, approver]),
    );
    expect(reviewable).toEqual([['pending', true]]);
  });

  it('keeps the prices with the approver, and a rejected product without active toggle or prices', () => {
    expect(productEditRules('approved', true)).toMatchObject({
      financials: true,
      activeToggle: true,
    });
    expect(productEditRules('pending', true)).toMatchObject({
      financials: true,
      activeToggle: true,
    });
    expect(productEditRules('approved', false)).toMatchObject({
      financials: false,
      activeToggle: true,
    });
    expect(productEditRules('rejected', true)).toMatchObject({
      financials: false,
      activeToggle: false,
    });
  });
});
