import { describe, expect, it } from 'vitest';
import { msg, type FlowStatus } from '@clinica/domain';
import type { AssortmentOrder } from './api';
import {
  EXCEEDS_MAX,
  INSUFFICIENT,
  RECEIVED_ABOVE_SENT,
  approvalBlocked,
  approveFormSchema,
  confirmFormSchema,
  orderFormSchema,
  orderMenu,
  orderModeFor,
  removable,
  type Actor,
} from './orderRules';

/** The assortment order's form modes and row menu (spec 001 §4–§6), as data. */

const ZONA_RIO = 2;
const PLAYAS = 3;

const actors = {
  logistics: {
    userId: 10,
    roleKey: 'logisticsManager',
    branchId: 1,
    canEdit: true,
    canApprove: true,
  },
  admin: { userId: 11, roleKey: 'superAdmin', branchId: ZONA_RIO, canEdit: true, canApprove: true },
  manager: {
    userId: 12,
    roleKey: 'branchManager',
    branchId: ZONA_RIO,
    canEdit: true,
    canApprove: false,
  },
  // A branch manager granted approve by an edited role map: still never approves.
  grantedManager: {
    userId: 13,
    roleKey: 'branchManager',
    branchId: ZONA_RIO,
    canEdit: true,
    canApprove: true,
  },
  otherBranch: {
    userId: 14,
    roleKey: 'operationalManager',
    branchId: PLAYAS,
    canEdit: true,
    canApprove: false,
  },
  franchisee: {
    userId: 15,
    roleKey: 'franchisee',
    branchId: PLAYAS,
    canEdit: false,
    canApprove: false,
  },
} satisfies Record<string, Actor>;

const person = (id: number) => ({ id, name: 'Ana', lastName: 'López', motherLastName: null });

function order(status: FlowStatus, createdBy = actors.manager.userId): AssortmentOrder {
  return {
    id: 1,
    orderNumber: 7,
    folio: 'OR-000007',
    orderType: 'Ordinario general',
    status,
    branch: { id: ZONA_RIO, name: 'Zona Río' },
    originBranch: null,
    orderBy: person(createdBy),
    approvedBy: null,
    receivedBy: null,
    rejectedBy: null,
    comments: null,
    rejectReason: null,
    hasDifference: false,
    created_at: '2026-11-20T18:00:00.000Z',
    approvedAt: null,
    sentAt: null,
    finishedAt: null,
    rejectedAt: null,
    deleted_at: status === 'Eliminada' ? '2026-11-21T18:00:00.000Z' : null,
    assortmentOrderProducts: [
      {
        id: 100,
        productId: 50,
        product: { id: 50, name: 'Sérum', sku: 'CV-SER' },
        stockId: status === 'En proceso' ? null : 900,
        productStock: null,
        orderedQuantity: 4,
        stockedQuantity: status === 'En proceso' ? null : 4,
        receivedQuantity: null,
      },
    ],
  };
}

describe('the form’s mode (one form: create, approve, confirm)', () => {
  const cases: [keyof typeof actors, FlowStatus | null, string][] = [
    ['manager', null, 'create'],
    ['logistics', 'En proceso', 'approve'],
    ['admin', 'En proceso', 'approve'],
    ['manager', 'En proceso', 'edit'],
    ['grantedManager', 'En proceso', 'edit'],
    ['franchisee', 'En proceso', 'view'],
    ['manager', 'En transito', 'confirm'],
    ['admin', 'En transito', 'confirm'],
    ['logistics', 'En transito', 'confirm'],
    ['otherBranch', 'En transito', 'view'],
    ['franchisee', 'En transito', 'view'],
    ['manager', 'Terminada', 'view'],
    ['logistics', 'Rechazada', 'view'],
    ['admin', 'Eliminada', 'view'],
  ];
  it.each(cases)('%s on an order %s → %s', (who, status, mode) => {
    expect(orderModeFor(actors[who], status ? order(status) : null)).toBe(mode);
  });

  it('never offers the approval to the order’s creator, and says why', () => {
    const own = order('En proceso', actors.logistics.userId);
    expect(orderModeFor(actors.logistics, own)).toBe('edit');
    expect(orderMenu(actors.logistics, own).approve).toBe(false);
    expect(approvalBlocked(actors.logistics, own)).toMatch(
      /Quien creó la orden no puede aprobarla/,
    );
    expect(approvalBlocked(actors.grantedManager, order('En proceso'))).toMatch(/no aprueban/);
    expect(approvalBlocked(actors.manager, order('En proceso'))).toBeNull();
  });
});

describe('the row menu', () => {
  it('offers reject to approvers while in process or in transit, delete only in process', () => {
    expect(orderMenu(actors.logistics, order('En proceso')).reject).toBe(true);
    expect(orderMenu(actors.logistics, order('En transito')).reject).toBe(true);
    expect(orderMenu(actors.logistics, order('Terminada')).reject).toBe(false);
    expect(orderMenu(actors.manager, order('En proceso')).reject).toBe(false);
    expect(removable(order('En proceso'))).toBe(true);
    expect(removable(order('En transito'))).toBe(false);
    expect(removable(order('Eliminada'))).toBe(false);
  });
});

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('the form’s checks (spec 001 §5)', () => {
  it('create: a quantity above the branch’s max is refused unless the max is 0', () => {
    const maxOf = (productId: unknown) => (productId === 50 ? 6 : productId === 51 ? 0 : null);
    const schema = orderFormSchema(true, maxOf);
    const body = (quantity: number, productId = 50) => ({
      orderType: 'Ordinario general',
      assortmentOrderProducts: [{ productId, orderedQuantity: quantity }],
    });
    expect(schema.safeParse(body(6)).success).toBe(true);
    expect(messagesOf(schema.safeParse(body(7)))).toEqual([
      ['assortmentOrderProducts.0.orderedQuantity', EXCEEDS_MAX],
    ]);
    expect(schema.safeParse(body(500, 51)).success).toBe(true);
    expect(schema.safeParse(body(500, 52)).success).toBe(true);
  });

  it('create: the branch is required of those who choose it', () => {
    const body = {
      orderType: 'Ordinario general',
      assortmentOrderProducts: [{ productId: 50, orderedQuantity: 1 }],
    };
    expect(messagesOf(orderFormSchema(false, () => null).safeParse(body))).toEqual([
      ['branchId', msg.required('Sucursal')],
    ]);
    expect(orderFormSchema(true, () => null).safeParse(body).success).toBe(true);
  });

  it('approve: a lot is required, and a quantity above it is Inventarío insuficiente', () => {
    const schema = approveFormSchema(order('En proceso'), (stockId) =>
      stockId === 900 ? 3 : null,
    );
    const pick = (stockId: number | null, stockedQuantity: number) => ({
      assortmentOrderProducts: [{ productId: 50, stockId, stockedQuantity }],
    });
    expect(schema.safeParse(pick(900, 3)).success).toBe(true);
    expect(messagesOf(schema.safeParse(pick(900, 4)))).toEqual([
      ['assortmentOrderProducts.0.stockedQuantity', INSUFFICIENT],
    ]);
    expect(messagesOf(schema.safeParse(pick(null, 1)))[0]?.[0]).toBe(
      'assortmentOrderProducts.0.stockId',
    );
  });

  it('confirm: the quantity received is required and at most what was sent', () => {
    const schema = confirmFormSchema(order('En transito'));
    const received = (receivedQuantity: number | null) => ({
      assortmentOrderProducts: [{ id: 100, receivedQuantity }],
    });
    expect(schema.safeParse(received(3)).success).toBe(true);
    expect(messagesOf(schema.safeParse(received(5)))).toEqual([
      ['assortmentOrderProducts.0.receivedQuantity', RECEIVED_ABOVE_SENT],
    ]);
    expect(messagesOf(schema.safeParse(received(null)))[0]?.[0]).toBe(
      'assortmentOrderProducts.0.receivedQuantity',
    );
  });
});
