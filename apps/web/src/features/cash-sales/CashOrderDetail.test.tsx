import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_PRIVILEGES, type CashOrderRecord } from '@clinica/domain';
import { endSession } from '../../shared/session/store';
import { renderScreen } from '../../test/render';
import { envelopeResponse, onePage, signInAs } from '../../test/session';
import { CashOrderDetail } from './CashOrderDetail';
import { CashSalesPage } from './CashSalesPage';

afterEach(() => {
  endSession('signout');
  vi.unstubAllGlobals();
});

const record: CashOrderRecord = {
  id: 7,
  orderNumber: 42,
  folio: 'VP-000042',
  branch: { id: 2, name: 'Zona Río' },
  customer: null,
  seller: { id: 9, name: 'Carla Cosmetóloga' },
  user: { id: 1, name: 'Ana Recepción' },
  coupon: null,
  subtotal: 500,
  discountTotal: 0,
  taxes: 80,
  total: 580,
  points: 0,
  paymentStatus: 'paid',
  payReference: null,
  exchangeRate: 18,
  changeAmount: 20,
  paymentMethod: 'Efectivo',
  paymentMethods: ['Efectivo'],
  paidAt: '2026-11-20T17:00:00.000Z',
  paidDate: '2026-11-20',
  refundedAt: null,
  refundDate: null,
  type: 'Venta',
  date: '2026-11-20',
  time: '09:00',
  created_at: '2026-11-20T17:00:00.000Z',
  cashOrderDetails: [
    {
      id: 1,
      product: { id: 3, sku: 'CR-01', name: 'Crema hidratante' },
      stockId: 11,
      allotment: 'L2026-07',
      expiresIn: '2027-01-31',
      quantity: 2,
      salePrice: 250,
      price: 500,
      discount: 0,
      tax: 16,
      taxes: 80,
      points: 0,
    },
  ],
  payments: [
    {
      id: 1,
      paymentMethod: 'Efectivo',
      currency: 'MXN',
      amount: 600,
      amountMxn: 600,
      reference: null,
    },
  ],
  commissions: [],
  refundReason: null,
  refundMethod: null,
  refundedBy: null,
  refundAmount: null,
};

function answering() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url === '/v1/cash-order/7') return envelopeResponse(200, record);
      if (url.startsWith('/v1/cash-order?')) return envelopeResponse(200, onePage([record], 15));
      return envelopeResponse(200, onePage([]));
    }),
  );
  return asked;
}

describe('the cash order screens', () => {
  it('the detail shows each line’s lot and expiry, IVA, and offers the refund', async () => {
    answering();
    const onRefund = vi.fn();
    signInAs(DEFAULT_PRIVILEGES.branchManager, { role: 'Gerente de Sucursal', branchId: 2 });
    renderScreen(<CashOrderDetail order={record} onRefund={onRefund} />);
    const lines = await screen.findByRole('region', { name: 'Productos' });
    expect(lines.textContent).toContain('L2026-07');
    expect(lines.textContent).toContain('2027-01-31');
    expect(lines.textContent).toContain('16%');
    fireEvent.click(screen.getByRole('button', { name: /Devolución/ }));
    expect(onRefund).toHaveBeenCalledWith(record);
  });

  it('the list offers “Nueva venta de productos” to who may sell and lists the folios', async () => {
    const asked = answering();
    signInAs(DEFAULT_PRIVILEGES.branchManager, { role: 'Gerente de Sucursal', branchId: 2 });
    renderScreen(<CashSalesPage />);
    expect(await screen.findByRole('button', { name: /Nueva venta de productos/ })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('VP-000042').length).toBeGreaterThan(0));
    expect(asked.some((url) => url.startsWith('/v1/cash-order?'))).toBe(true);
  });
});
