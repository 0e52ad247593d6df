import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_PRIVILEGES, type ClosingPreview, type ClosingRecord } from '@clinica/domain';
import { endSession } from '../../shared/session/store';
import { renderScreen } from '../../test/render';
import { envelopeResponse, onePage, signInAs } from '../../test/session';
import { ClosingsPage } from './ClosingsPage';
import { NewClosing } from './NewClosing';

afterEach(() => {
  endSession('signout');
  vi.unstubAllGlobals();
});

const zero = {
  cashTotal: 0,
  cashTotalDollars: 0,
  cashTotalDollarsMxn: 0,
  creditCardTotal: 0,
  debitCardTotal: 0,
  transferTotal: 0,
  depositTotal: 0,
  pointsTotal: 0,
  salesTotal: 0,
  refundCash: 0,
  refundCreditCard: 0,
  refundDebitCard: 0,
  refundTransfer: 0,
  refundDeposit: 0,
  refundPoints: 0,
  refundTotal: 0,
  total: 0,
  ordersCount: 0,
  cashOrdersCount: 0,
  refundsCount: 0,
};
const figures = {
  ...zero,
  cashTotal: 1200,
  cashTotalDollars: 50,
  cashTotalDollarsMxn: 900,
  creditCardTotal: 400,
  salesTotal: 2500,
  refundCash: 200,
  refundTotal: 200,
  total: 2300,
  ordersCount: 3,
  cashOrdersCount: 1,
  refundsCount: 1,
};
const preview: ClosingPreview = {
  ...figures,
  branch: { id: 2, name: 'Zona Río' },
  date: '2026-11-20',
  today: '2026-11-20',
  exchangeRate: 18,
  products: { ...zero, cashTotal: 300, salesTotal: 300, total: 300, cashOrdersCount: 1 },
  closed: false,
  record: null,
  payments: {
    items: [
      {
        type: 'Venta',
        documentType: 'order',
        documentId: 5,
        folio: 'POS-000005',
        time: '10:15',
        customer: { id: 1, name: 'Ana López' },
        paymentMethod: 'Efectivo',
        currency: 'DLS',
        amount: 50,
        amountMxn: 900,
        changeAmount: 0,
      },
    ],
    meta: {
      page: 1,
      take: 5,
      itemCount: 1,
      pageCount: 1,
      hasPreviousPage: false,
      hasNextPage: false,
    },
  },
};
const record: ClosingRecord = {
  ...figures,
  id: 9,
  number: 42,
  folio: 'CC-000042',
  branch: { id: 2, name: 'Zona Río' },
  user: { id: 1, name: 'Daniela Gerente' },
  date: '2026-11-20',
  exchangeRate: 18,
  products: preview.products,
  countedCash: 990,
  countedCashDollars: 50,
  difference: -10,
  differenceDollars: 0,
  comments: null,
  created_at: '2026-11-21T05:00:00.000Z',
};

function answering() {
  const asked: { url: string; body?: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      asked.push({ url, body: init?.body as string | undefined });
      if (url.startsWith('/v1/daily-cash-closing/preview')) return envelopeResponse(200, preview);
      if (url === '/v1/daily-cash-closing/create') return envelopeResponse(201, record);
      if (url.startsWith('/v1/daily-cash-closing/9'))
        return envelopeResponse(200, { ...record, payments: preview.payments });
      if (url.startsWith('/v1/daily-cash-closing?'))
        return envelopeResponse(200, onePage([record], 15));
      return envelopeResponse(200, onePage([]));
    }),
  );
  return asked;
}

describe('the cash closing screens', () => {
  it('shows the day’s figures and payments, the difference live, and closes with the count', async () => {
    const asked = answering();
    signInAs(DEFAULT_PRIVILEGES.branchManager, { role: 'Sucursal Gerente', branchId: 2 });
    renderScreen(<NewClosing open onClose={() => undefined} />);
    expect(await screen.findByText('POS-000005')).toBeTruthy();
    expect(screen.getByRole('table', { name: /Cifras del día/ }).textContent).toContain('US$50.00');
    fireEvent.change(screen.getByLabelText('Efectivo contado (MXN)'), { target: { value: '990' } });
    // Expected cash is cashTotal − refundCash = 1,000: counted 990 is 10 short.
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Diferencia del conteo' }).textContent).toContain(
        '-$10.00',
      ),
    );
    expect(screen.getByRole('status', { name: 'Diferencia del conteo' }).textContent).toContain(
      'faltante',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar el día' }));
    await screen.findByText('Corte de caja CC-000042');
    const sent = asked.find((call) => call.url === '/v1/daily-cash-closing/create');
    expect(JSON.parse(sent!.body!)).toMatchObject({
      branchId: 2,
      date: '2026-11-20',
      countedCash: 990,
    });
  });

  it('lists the closings with their folio and offers “Nuevo corte” to who may close', async () => {
    answering();
    signInAs(DEFAULT_PRIVILEGES.branchManager, { role: 'Sucursal Gerente', branchId: 2 });
    renderScreen(<ClosingsPage />);
    expect(await screen.findByRole('button', { name: /Nuevo corte/ })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('CC-000042').length).toBeGreaterThan(0));
  });
});
