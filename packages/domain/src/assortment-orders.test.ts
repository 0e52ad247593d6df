import { describe, expect, it } from 'vitest';
import {
  assortmentApprovalBlocked,
  assortmentFormMode,
  assortmentLockedReason,
  assortmentOrderMenu,
  assortmentReceivesAt,
  assortmentRemovable,
  type AssortmentActor,
  type AssortmentOrderState,
} from './assortment-orders';
import type { FlowStatus } from './stock-flows';

/** The assortment order's form modes and row menu (spec 001 §4–§6), as the API and screens read them. */

const ZONA_RIO = 2;
const actor = (roleKey: string, over: Partial<AssortmentActor> = {}): AssortmentActor => ({
  userId: 10,
  roleKey,
  branchId: ZONA_RIO,
  canEdit: true,
  canApprove: false,
  ...over,
});
const logistics = actor('logisticsManager', { branchId: 1, canApprove: true });
const manager = actor('branchManager', { userId: 12 });
const otherBranch = actor('operationalManager', { userId: 14, branchId: 3 });
const order = (status: FlowStatus, createdBy = 12): AssortmentOrderState => ({
  status,
  createdBy,
  branchId: ZONA_RIO,
});

describe('the assortment order form and menu (spec 001 §4–§6)', () => {
  it('opens the form in the mode the user may act in, as the API allows', () => {
    expect(assortmentFormMode(manager, null)).toBe('create');
    expect(assortmentFormMode(logistics, order('En proceso'))).toBe('approve');
    expect(assortmentFormMode(manager, order('En proceso'))).toBe('edit');
    expect(assortmentFormMode(manager, order('En transito'))).toBe('confirm');
    expect(assortmentFormMode(otherBranch, order('En transito'))).toBe('view');
    expect(assortmentFormMode(logistics, order('Terminada'))).toBe('view');
  });

  it('never offers the approval to its creator or a branch role, and says why', () => {
    const own = order('En proceso', logistics.userId);
    expect(assortmentFormMode(logistics, own)).toBe('edit');
    expect(assortmentApprovalBlocked(logistics, own)).toMatch(/Quien creó la orden/);
    const granted = { ...manager, canApprove: true };
    expect(assortmentOrderMenu(granted, order('En proceso')).approve).toBe(false);
    expect(assortmentApprovalBlocked(granted, order('En proceso'))).toMatch(/no aprueban/);
  });

  it('receives at the order’s branch, or anywhere for a role of every branch', () => {
    expect(assortmentReceivesAt(manager, order('En transito'))).toBe(true);
    expect(assortmentReceivesAt(otherBranch, order('En transito'))).toBe(false);
    expect(assortmentReceivesAt(actor('superAdmin', { branchId: 3 }), order('En transito'))).toBe(
      true,
    );
  });

  it('rejects in process or in transit, deletes only in process, locks the closed ones', () => {
    expect(assortmentOrderMenu(logistics, order('En transito')).reject).toBe(true);
    expect(assortmentOrderMenu(logistics, order('Rechazada')).reject).toBe(false);
    expect(assortmentRemovable({ status: 'En proceso', deleted: false })).toBe(true);
    expect(assortmentRemovable({ status: 'En transito', deleted: false })).toBe(false);
    expect(assortmentRemovable({ status: 'En proceso', deleted: true })).toBe(false);
    expect(assortmentLockedReason('Terminada')).toMatch(/terminada/);
    expect(assortmentLockedReason('En proceso')).toBeNull();
  });
});
