import type { PurchaseOrder } from './api';

/** An order as the API answers it, for the component tests. */
export function orderOf(overrides: Partial<PurchaseOrder> = {}): PurchaseOrder {
  return {
    id: 9,
    orderNumber: 42,
    folio: 'OC-000042',
    invoiceNumber: 'FAC-1001',
    provider: { id: 3, name: 'Dermofarma', payConditions: 30 },
    branch: { id: 1, name: 'CEDIS' },
    payMethod: 'Transferencia',
    payStatus: 'Pendiente',
    arrivedAt: '2026-11-20',
    creditExpiration: '2026-12-21',
    payedAt: null,
    tax: 32,
    amount: 232,
    linesTotal: 232,
    comments: null,
    createdBy: { id: 1, name: 'Logística' },
    created_at: '2026-11-20T18:00:00.000Z',
    deleted_at: null,
    purchaseOrderProducts: [
      {
        id: 1,
        productId: 41,
        product: {
          id: 41,
          name: 'Sérum vitamina C',
          sku: 'CV-SERUM',
          tax: 16,
          productType: 'Cosmetólogo/Venta',
        },
        stockId: 5,
        quantity: 2,
        price: 100,
        allotment: 'L-2026',
        expiresAt: '2027-06-30',
        subtotal: 232,
      },
    ],
    ...overrides,
  };
}
