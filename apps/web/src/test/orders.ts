import type { OrderRecord } from '@clinica/domain';

/**
 * An order as `orderRecord` answers it (a paid point-of-sale sale of Lucía Pérez at Zona Río),
 * with a test's own fields over it. Typed, so a field the schema gains fails the type check here
 * rather than the client's answer validation inside a screen's test.
 */
export function orderRecordOf(fields: Partial<OrderRecord> = {}): OrderRecord {
  return {
    id: 1,
    orderNumber: 42,
    folio: 'POS-000042',
    origin: 'SUCURSAL',
    branch: { id: 2, name: 'Zona Río' },
    customer: { id: 9, customerId: 1009, name: 'Lucía', lastName: 'Pérez', motherLastName: null },
    seller: null,
    user: null,
    coupon: null,
    subtotal: 450,
    discountTotal: 0,
    total: 450,
    points: 5,
    paymentStatus: 'paid',
    payReference: null,
    exchangeRate: 18,
    changeAmount: 0,
    paymentMethod: 'Efectivo',
    paymentMethods: ['Efectivo'],
    paidAt: '2026-11-24T18:00:00.000Z',
    paidDate: '2026-11-24',
    refundedAt: null,
    refundDate: null,
    type: 'Venta',
    date: '2026-11-24',
    time: '10:00',
    created_at: '2026-11-24T18:00:00.000Z',
    orderDetails: [],
    payments: [],
    purchasedProducts: [],
    consents: [],
    appointmentId: null,
    refundReason: null,
    refundMethod: null,
    refundedBy: null,
    refundAmount: null,
    ...fields,
  };
}
