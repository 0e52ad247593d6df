import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_PRIVILEGES } from '@clinica/domain';
import { endSession } from '../../../shared/session/store';
import { renderScreen } from '../../../test/render';
import { orderRecordOf } from '../../../test/orders';
import { envelopeResponse, onePage, signInAs } from '../../../test/session';

// The catalogue lists answer nothing here: the agenda's treatment comes in the address.
import { PointOfSalePage } from './PointOfSalePage';

afterEach(() => {
  endSession('signout');
  vi.unstubAllGlobals();
});

/** The customer, as `customerRecord` answers it. */
const customer = {
  id: 9,
  customerId: 1009,
  name: 'Lucía',
  lastName: 'Pérez',
  motherLastName: null,
  gender: null,
  birthday: '1990-01-01',
  phone: null,
  mobilePhone: '6641234567',
  email: null,
  maritalStatus: null,
  originCountry: null,
  reference: null,
  isTutor: 0,
  tutorId: null,
  tutor: null,
  relationship: null,
  status: true,
  blackList: 0,
  points: 40,
  cancellations: 0,
  missedAppointments: 0,
  loyaltyScale: 'bronze',
  registryBranch: { id: 2, name: 'Zona Río' },
  created_at: '2026-01-01T00:00:00.000Z',
  deleted_at: null,
};

/** The created order, as `orderRecord` answers it. */
const savedOrder = orderRecordOf({
  id: 77,
  orderNumber: 77,
  folio: 'POS-000077',
  user: { id: 7, name: 'Ana' },
  changeAmount: 50,
  appointmentId: 101,
});

function quoteOf(body: { payments: { amount: number; currency: string }[] }) {
  const paid = body.payments.reduce(
    (sum, payment) => sum + (payment.currency === 'DLS' ? payment.amount * 18 : payment.amount),
    0,
  );
  return {
    origin: 'SUCURSAL',
    branchId: 2,
    customerId: 9,
    lines: [
      {
        treatment: { id: 7, name: 'Valoración facial' },
        package: null,
        quantity: 1,
        price: 500,
        salePrice: 450,
        discount: 0,
        amount: 450,
        points: 5,
      },
    ],
    coupon: null,
    subtotal: 450,
    discountTotal: 0,
    total: 450,
    exchangeRate: 18,
    payments: [],
    paidMxn: paid,
    owed: Math.max(450 - paid, 0),
    change: Math.max(paid - 450, 0),
    paymentMethod: null,
    pointsSpent: 0,
    pointsEarned: 5,
    customerPoints: 40,
    paymentProblem:
      paid < 450 ? { field: 'payments', message: 'Los pagos no cubren el total' } : null,
  };
}

describe('/dashboard/ventas-en-sucursal/nueva', () => {
  it("shows the server's figures for the agenda's cart and pays with F9", async () => {
    const quotes: { payments: { amount: number; currency: string }[] }[] = [];
    const created: unknown[] = [];
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.startsWith('/v1/customer/9')) return envelopeResponse(200, customer);
        if (url.startsWith('/v1/customer')) return envelopeResponse(200, onePage([customer]));
        if (url === '/v1/order/quote') {
          const body = JSON.parse(String(init?.body)) as (typeof quotes)[number];
          quotes.push(body);
          return envelopeResponse(200, quoteOf(body));
        }
        if (url === '/v1/order/create') {
          created.push(JSON.parse(String(init?.body)));
          return envelopeResponse(201, savedOrder, 0);
        }
        return envelopeResponse(404, null, 0);
      }),
    );
    signInAs(DEFAULT_PRIVILEGES.branchManager, { role: 'Gerente de Sucursal', branchId: 2 });
    renderScreen(<PointOfSalePage />, {
      path: '/dashboard/ventas-en-sucursal/nueva',
      at: '/dashboard/ventas-en-sucursal/nueva?appointmentId=101&customerId=9&branchId=2&treatmentId=7&treatment=Valoraci%C3%B3n',
      others: ['/dashboard/agenda'],
    });
    // The quote's prices, not the catalogue's.
    expect((await screen.findAllByText('$450.00', {}, { timeout: 3000 })).length).toBeGreaterThan(
      1,
    );
    expect(quotes.at(-1)).toMatchObject({
      appointmentId: 101,
      customerId: 9,
      branchId: 2,
      orderDetails: [{ treatmentId: 7, quantity: 1 }],
      payments: [],
    });
    const charge = screen.getByRole('button', { name: /Cobrar \(F9\)/ });
    expect(charge.hasAttribute('disabled')).toBe(true);

    fireEvent.change(screen.getByLabelText(/Efectivo \(pesos\)/), { target: { value: '500' } });
    await waitFor(() => expect(quotes.at(-1)?.payments).toHaveLength(1), { timeout: 3000 });
    expect(await screen.findByText('$50.00')).toBeTruthy();
    await waitFor(() => expect(charge.hasAttribute('disabled')).toBe(false));

    fireEvent.keyDown(window, { key: 'F9' });
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ appointmentId: 101, payments: [{ amount: 500 }] });
    expect(await screen.findByTestId('elsewhere')).toHaveProperty(
      'textContent',
      '/dashboard/agenda',
    );
  });
});

/** A treatment as `treatmentRecord` answers it. */
const treatmentNamed = (id: number, name: string, price: number) => ({
  id,
  sku: `TRT-${id}`,
  name,
  description: '',
  treatmentType: { id: 2, name: 'Cosmetológico' },
  categories: [],
  areas: [],
  appliances: [],
  photo: null,
  price,
  medicalFee: null,
  points: 5,
  term: '01:00',
  termLabel: '1 h',
  assessment: 0,
  consent: 0,
  consentId: null,
  treatmentConsent: null,
  onlineBooking: false,
  active: 1,
  treatmentProduct: [],
  created_at: '2026-01-01T00:00:00.000Z',
  deleted_at: null,
});

describe('the point of sale, typed from the keyboard', () => {
  it('finds a treatment past the first page on the server, and sends the seller and the card reference', async () => {
    const treatmentSearches: (string | null)[] = [];
    const quotes: Record<string, unknown>[] = [];
    const created: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const address = new URL(url, 'http://localhost');
        if (url.startsWith('/v1/customer/9')) return envelopeResponse(200, customer);
        if (url.startsWith('/v1/customer')) return envelopeResponse(200, onePage([customer]));
        if (address.pathname === '/v1/treatment') {
          const search = address.searchParams.get('search');
          treatmentSearches.push(search);
          // The first page (by name) ends long before 'Peeling…': only the search reaches it.
          const found = search?.includes('peeling')
            ? [treatmentNamed(612, 'Peeling químico profundo', 500)]
            : [treatmentNamed(1, 'Abdomen láser', 900)];
          return envelopeResponse(200, onePage(found, 50));
        }
        if (address.pathname === '/v1/package') return envelopeResponse(200, onePage([]));
        if (address.pathname === '/v1/user/doctors/')
          return envelopeResponse(200, [
            {
              id: 31,
              name: 'Marta',
              lastName: 'Ibarra',
              motherLastName: 'Soto',
              employeeNumber: 'E-31',
              branch: { id: 2, name: 'Zona Río' },
            },
          ]);
        if (address.pathname === '/v1/user/cosmetologists/') return envelopeResponse(200, []);
        if (url === '/v1/order/quote') {
          const body = JSON.parse(String(init?.body)) as Parameters<typeof quoteOf>[0];
          quotes.push(body);
          return envelopeResponse(200, quoteOf(body));
        }
        if (url === '/v1/order/create') {
          created.push(JSON.parse(String(init?.body)));
          return envelopeResponse(201, { ...savedOrder, appointmentId: null }, 0);
        }
        return envelopeResponse(404, null, 0);
      }),
    );
    signInAs(DEFAULT_PRIVILEGES.branchManager, { role: 'Gerente de Sucursal', branchId: 2 });
    renderScreen(<PointOfSalePage />, {
      path: '/dashboard/ventas-en-sucursal/nueva',
      at: '/dashboard/ventas-en-sucursal/nueva?customerId=9',
    });
    await screen.findByText('Puntos disponibles:');

    // 'Concepto' asks the server for what is typed; Enter chooses, Enter in 'Cantidad' adds.
    const concept = screen.getByLabelText('Concepto');
    fireEvent.change(concept, { target: { value: 'peeling' } });
    const option = await screen.findByText(/^Peeling químico profundo ·/, {}, { timeout: 3000 });
    expect(treatmentSearches.at(-1)).toContain('peeling');
    expect(screen.queryByText(/^Abdomen láser ·/)).toBeNull();
    fireEvent.click(option);
    await waitFor(() => expect(document.activeElement?.id).toBe('pos-quantity'));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await screen.findByText('Peeling químico profundo', { selector: '.pos__lines div' });
    expect(document.activeElement?.id).toBe('pos-item');

    // The seller, and a card payment whose reference appears once it has an amount.
    fireEvent.mouseDown(screen.getByLabelText(/Vendedor/));
    fireEvent.click(await screen.findByText('Marta Ibarra Soto'));
    expect(screen.queryByLabelText('Referencia de Tarjeta de crédito')).toBeNull();
    fireEvent.change(screen.getByLabelText('Tarjeta de crédito'), { target: { value: '450' } });
    fireEvent.change(await screen.findByLabelText('Referencia de Tarjeta de crédito'), {
      target: { value: 'AUT-778812' },
    });
    await waitFor(
      () =>
        expect(quotes.at(-1)).toMatchObject({
          sellerId: 31,
          orderDetails: [{ treatmentId: 612, quantity: 1 }],
          payments: [{ paymentMethod: 'Tarjeta de crédito', amount: 450, reference: 'AUT-778812' }],
        }),
      { timeout: 3000 },
    );
    const charge = screen.getByRole('button', { name: /Cobrar \(F9\)/ });
    await waitFor(() => expect(charge.hasAttribute('disabled')).toBe(false));
    fireEvent.keyDown(window, { key: 'F9' });
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      sellerId: 31,
      payments: [{ paymentMethod: 'Tarjeta de crédito', reference: 'AUT-778812' }],
    });
  });
});
