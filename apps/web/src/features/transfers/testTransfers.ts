import type { Transfer } from './api';

/** A transfer in transit from Zona Río (2) to Playas de Tijuana (3), as the API answers it. */
export function transferOf(overrides: Partial<Transfer> = {}): Transfer {
  return {
    id: 7,
    transferNumber: 7,
    folio: 'TR-000007',
    status: 'En transito',
    originBranchId: 2,
    destinyBranchId: 3,
    originBranch: { id: 2, name: 'Zona Río' },
    destinyBranch: { id: 3, name: 'Playas de Tijuana' },
    createdBy: null,
    approvedBy: null,
    acceptedBy: null,
    rejectedBy: null,
    comments: null,
    rejectReason: null,
    hasDifference: false,
    created_at: '2026-11-20T18:00:00.000Z',
    approvedAt: '2026-11-21T18:00:00.000Z',
    acceptedAt: null,
    rejectedAt: null,
    deleted_at: null,
    transferProducts: [
      {
        id: 11,
        productId: 5,
        stockId: 40,
        product: { id: 5, name: 'Sérum', sku: 'CV-PS50' },
        productStock: { id: 40, allotment: 'L-1', expiresIn: '2027-08-31' },
        stockedQuantity: 3,
        receivedQuantity: null,
      },
      {
        id: 12,
        productId: 6,
        stockId: 41,
        product: { id: 6, name: 'Guantes', sku: 'IN-GUANT' },
        productStock: { id: 41, allotment: 'G-1', expiresIn: null },
        stockedQuantity: 10,
        receivedQuantity: null,
      },
    ],
    ...overrides,
  };
}
