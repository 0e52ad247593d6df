import { describe, expect, it } from 'vitest';
import {
  assortmentApprovalRefusal,
  flowAfter,
  flowRefusal,
  transferFormMode,
  transferMenu,
  transferSideLabel,
} from './stock-flows';
import {
  creditExpiration,
  daysBetween,
  linesTotal,
  lotColor,
  minAboveMax,
  stockColor,
} from './inventory-rules';
import { formatOrderNumber, parseOrderNumber } from './constants';

describe('the flow state machine', () => {
  it('goes En proceso → En transito → Terminada', () => {
    expect(flowAfter('En proceso', 'approve')).toBe('En transito');
    expect(flowAfter('En transito', 'confirm')).toBe('Terminada');
  });
  it('answers the catalogue code of each refusal', () => {
    expect(flowRefusal('En proceso', 'confirm')).toBe(29);
    expect(flowRefusal('Terminada', 'reject')).toBe(30);
    expect(flowRefusal('Terminada', 'approve')).toBe(30);
    expect(flowRefusal('Rechazada', 'reject')).toBe(33);
    expect(flowRefusal('En transito', 'delete')).toBe(34);
    expect(flowRefusal('En transito', 'reject')).toBeNull();
    expect(flowRefusal('En proceso', 'delete')).toBeNull();
    expect(flowRefusal('Terminada', 'delete')).toBe(34);
    expect(flowRefusal('Rechazada', 'delete')).toBe(34);
    expect(flowRefusal('Rechazada', 'confirm')).toBe(33);
    expect(flowRefusal('Rechazada', 'approve')).toBe(33);
    expect(flowRefusal('En transito', 'approve')).toBe(30);
  });
  it('never lets the creator or a branch manager approve an assortment order', () => {
    expect(assortmentApprovalRefusal({ userId: 1, roleKey: 'superAdmin' }, { createdBy: 1 })).toBe(
      31,
    );
    expect(
      assortmentApprovalRefusal({ userId: 2, roleKey: 'branchManager' }, { createdBy: 1 }),
    ).toBe(403);
    expect(
      assortmentApprovalRefusal({ userId: 2, roleKey: 'logisticsManager' }, { createdBy: 1 }),
    ).toBeNull();
  });
  it('offers delete and edit of a transfer only at its origin before approval', () => {
    const transfer = { status: 'En proceso' as const, originBranchId: 1, destinyBranchId: 2 };
    const atOrigin = { roleKey: 'branchManager', branchId: 1, canApprove: false };
    const atDestination = { roleKey: 'branchManager', branchId: 2, canApprove: false };
    expect(transferMenu(atOrigin, transfer)).toMatchObject({ edit: true, remove: true });
    expect(transferMenu(atDestination, transfer)).toMatchObject({ edit: false, remove: false });
    expect(transferMenu(atDestination, { ...transfer, status: 'En transito' })).toMatchObject({
      confirm: true,
      remove: false,
    });
    const logistics = { roleKey: 'logisticsManager', branchId: 9, canApprove: true };
    expect(transferMenu(logistics, { ...transfer, status: 'En transito' })).toMatchObject({
      confirm: true,
    });
    expect(transferMenu(logistics, transfer)).toMatchObject({ edit: false, remove: false });
  });
  it('shows approvers the review link instead of edit on a transfer not yet approved', () => {
    const transfer = { status: 'En proceso' as const, originBranchId: 1, destinyBranchId: 2 };
    const admin = { roleKey: 'superAdmin', branchId: 3, canApprove: true };
    expect(transferMenu(admin, transfer)).toEqual({
      review: true,
      edit: false,
      confirm: false,
      remove: true,
    });
    const approverAtOrigin = { roleKey: 'logisticsManager', branchId: 1, canApprove: true };
    expect(transferMenu(approverAtOrigin, transfer)).toMatchObject({ review: true, edit: false });
  });
  it('shows the Super Administrador the review link on unconfirmed transfers unless rejected', () => {
    const admin = { roleKey: 'superAdmin', branchId: 3, canApprove: true };
    const logistics = { roleKey: 'logisticsManager', branchId: 3, canApprove: true };
    const base = { originBranchId: 1, destinyBranchId: 2 };
    expect(transferMenu(admin, { ...base, status: 'En transito' }).review).toBe(true);
    expect(transferMenu(logistics, { ...base, status: 'En transito' }).review).toBe(false);
    for (const status of ['Rechazada', 'Terminada', 'Eliminada'] as const)
      expect(transferMenu(admin, { ...base, status })).toEqual({
        review: false,
        edit: false,
        confirm: false,
        remove: false,
      });
  });
  it('labels an unconfirmed transfer for its own branches: in transit for the origin', () => {
    const base = { originBranchId: 1, destinyBranchId: 2 };
    expect(transferSideLabel({ branchId: 1 }, { ...base, status: 'En transito' })).toBe(
      'En tránsito',
    );
    expect(transferSideLabel({ branchId: 2 }, { ...base, status: 'En transito' })).toBe(
      'Por recibir',
    );
    expect(transferSideLabel({ branchId: 1 }, { ...base, status: 'En proceso' })).toBe(
      'Por aprobar',
    );
    expect(transferSideLabel({ branchId: 3 }, { ...base, status: 'En transito' })).toBeNull();
    expect(transferSideLabel({ branchId: 1 }, { ...base, status: 'Terminada' })).toBeNull();
  });
  it('opens the transfer form in the mode the user may act in, as the API allows', () => {
    const transfer = {
      status: 'En proceso' as const,
      originBranchId: 1,
      destinyBranchId: 2,
      deleted: false,
    };
    const manager = (branchId: number) => ({
      roleKey: 'branchManager',
      branchId,
      canApprove: false,
      canEdit: true,
    });
    const logistics = { roleKey: 'logisticsManager', branchId: 9, canApprove: true, canEdit: true };
    expect(transferFormMode(manager(1), transfer)).toMatchObject({
      mode: 'edit',
      canReject: false,
    });
    expect(transferFormMode(manager(2), transfer).mode).toBe('view');
    expect(transferFormMode(logistics, transfer)).toMatchObject({
      mode: 'approve',
      canReject: true,
    });
    const inTransit = { ...transfer, status: 'En transito' as const };
    expect(transferFormMode(manager(2), inTransit).mode).toBe('confirm');
    expect(transferFormMode(manager(1), inTransit)).toMatchObject({
      mode: 'view',
      reason: 'Va en tránsito: solo la sucursal de destino puede confirmar lo recibido.',
    });
    expect(transferFormMode(logistics, inTransit)).toMatchObject({
      mode: 'confirm',
      canReject: true,
    });
    expect(transferFormMode({ ...manager(2), canEdit: false }, inTransit).mode).toBe('view');
    for (const status of ['Terminada', 'Rechazada'] as const)
      expect(transferFormMode(logistics, { ...transfer, status })).toMatchObject({
        mode: 'view',
        canReject: false,
      });
    expect(transferFormMode(logistics, { ...transfer, deleted: true })).toMatchObject({
      mode: 'view',
      canReject: false,
      reason: 'La transferencia fue eliminada: solo se puede consultar.',
    });
  });
});

describe('the inventory rules', () => {
  it('colours lots by days left', () => {
    expect(lotColor(0)).toBe('danger');
    expect(lotColor(30)).toBe('warning');
    expect(lotColor(60)).toBe('alert');
    expect(lotColor(61)).toBe('okay');
    expect(daysBetween('2026-11-24', '2026-12-24')).toBe(30);
  });
  it('colours rows: expiry wins over max/min, and 0 units has no colour', () => {
    expect(stockColor({ quantity: 5, soonestDaysLeft: 10, max: 2, min: 0 })).toBe('danger');
    expect(stockColor({ quantity: 5, soonestDaysLeft: 100, max: 2, min: 0 })).toBe('volcano');
    expect(stockColor({ quantity: 5, soonestDaysLeft: 100, max: 0, min: 10 })).toBe('volcano');
    expect(stockColor({ quantity: 5, soonestDaysLeft: 100, max: 0, min: 1 })).toBeNull();
    expect(stockColor({ quantity: 0, soonestDaysLeft: -3, max: 2, min: 1 })).toBeNull();
  });
  it('refuses a min above a max unless max is 0 (no limit)', () => {
    expect(minAboveMax(5, 10)).toBe(true);
    expect(minAboveMax(0, 10)).toBe(false);
    expect(minAboveMax(10, 10)).toBe(false);
  });
  it('computes the credit expiry and the lines total with tax', () => {
    expect(creditExpiration('2026-02-27', 1)).toBe('2026-03-01');
    expect(
      linesTotal([
        { quantity: 3, price: 10.1, tax: 16 },
        { quantity: 1, price: 5, tax: 0 },
      ]),
    ).toBe(40.15);
  });
  it('prints and reads order numbers with or without the prefix', () => {
    expect(formatOrderNumber('purchaseOrder', 42)).toBe('OC-000042');
    expect(parseOrderNumber('purchaseOrder', 'oc-000042')).toBe(42);
    expect(parseOrderNumber('purchaseOrder', '42')).toBe(42);
    expect(parseOrderNumber('purchaseOrder', 'TR-42')).toBeNull();
  });
});
