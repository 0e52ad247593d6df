import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { creditExpiration, type Privileges } from '@clinica/domain';
import { formatLocalDate, todayInBranch } from '../../shared/format';
import { endSession } from '../../shared/session/store';
import { renderScreen } from '../../test/render';
import { envelopeResponse, onePage, signInAs } from '../../test/session';
import type { PurchaseOrder } from './api';
import { orderOf } from './testOrders';
import { PurchaseOrderFormPage } from './PurchaseOrderFormPage';

const user = userEvent.setup();

function providerOf(id: number, name: string, payConditions: number) {
  return {
    id,
    name,
    tradename: name,
    rfc: 'DNO150312AB1',
    regime: 'Moral',
    address: null,
    city: null,
    state: null,
    country: null,
    zipCode: null,
    email: null,
    phone: '6641234567',
    contactName: 'Marcela',
    mobilePhone: '6641234567',
    payConditions,
    deliveryTime: null,
    bank: null,
    clabeAccount: null,
    bankAccount: null,
    created_at: '2026-11-20T18:00:00.000Z',
    deleted_at: null,
  };
}

function productOf(id: number, sku: string, name: string, type: string, cost: number, tax = 16) {
  return {
    id,
    sku,
    name,
    brand: 'Dermaluz',
    barCode: '7501234567890',
    description: name,
    contentType: 'Vial',
    content: 30,
    measureUnit: 'ml',
    contentLabel: '30 ml(s) Vial',
    cost,
    tax,
    costWithTax: cost * (1 + tax / 100),
    productType: { id: type === 'Insumo' ? 4 : 1, name: type },
    providers: [{ id: 3, name: 'Dermofarma' }],
    categories: [{ id: 10, name: 'Cuidado facial' }],
    photos: [{ id: 7, name: 'a1b2c3.webp' }],
    status: true,
    approvalStatus: 'approved',
    approvalLabel: 'Aprobado',
    approved_at: '2026-11-20T18:00:00.000Z',
    rejected_at: null,
    indirectExpenses: null,
    franchiseTax: null,
    additionalCostFranchise: null,
    franchisePrice: null,
    profitPorcentage: null,
    salePrice: null,
    points: null,
    created_at: '2026-11-20T18:00:00.000Z',
    deleted_at: null,
  };
}

const PROVIDERS = [providerOf(3, 'Dermofarma', 30), providerOf(4, 'Insumos del Norte', 15)];
const PRODUCTS = [
  productOf(41, 'CV-SERUM', 'Sérum vitamina C', 'Cosmetólogo/Venta', 250),
  productOf(42, 'GASA-10', 'Gasas estériles', 'Insumo', 80),
];

const ALL: Privileges = {
  purchaseOrder: ['view', 'show', 'create', 'edit', 'delete', 'approve', 'reports'],
  providers: ['view'],
  products: ['view'],
};
const EDITOR: Privileges = { ...ALL, purchaseOrder: ['view', 'show', 'create', 'edit'] };

function renderForm(at: string, privileges: Privileges = ALL, order: PurchaseOrder = orderOf()) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url.startsWith('/v1/provider')) return envelopeResponse(200, onePage(PROVIDERS));
    if (url.startsWith('/v1/product')) return envelopeResponse(200, onePage(PRODUCTS));
    if (url.startsWith('/v1/purchase-order/create') && method === 'POST')
      return envelopeResponse(201, orderOf({ id: 10, orderNumber: 43, folio: 'OC-000043' }));
    if (url.startsWith(`/v1/purchase-order/${order.id}/update`) && method === 'PUT')
      return envelopeResponse(200, { ...order, payStatus: 'Completado' });
    if (url.startsWith(`/v1/purchase-order/${order.id}`) && method === 'GET')
      return envelopeResponse(200, order);
    return envelopeResponse(500, null);
  });
  vi.stubGlobal('fetch', fetchMock);
  signInAs(privileges, { role: 'Gerente de Logística' });
  const view = renderScreen(<PurchaseOrderFormPage />, {
    path: '/dashboard/ordenes-de-compra/:id',
    at,
    others: ['/dashboard/ordenes-de-compra'],
  });
  return { ...view, fetchMock };
}

async function chooseOption(combobox: HTMLElement, option: string) {
  await user.click(combobox);
  const options = await screen.findAllByTitle(option);
  await user.click(options[options.length - 1]!);
}

/** Pastes instead of typing key by key: antd's inputs are slow to type into under happy-dom. */
async function paste(input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

const creditField = () => screen.getByTestId('credit-expiration') as HTMLInputElement;
const line = (number: number) => screen.getByRole('group', { name: `Producto ${number}` });
const isRequired = (label: HTMLElement) =>
  label.closest('label')?.classList.contains('ant-form-item-required') ?? false;

afterEach(() => {
  endSession('signout');
  vi.unstubAllGlobals();
});

describe('purchase-order form (spec 001 §4, §5, §9)', () => {
  it('computes the credit expiry live from the arrival and the provider', async () => {
    renderForm('/dashboard/ordenes-de-compra/crear');
    await screen.findByRole('heading', { name: 'Nueva orden de compra' });
    expect(creditField().value).toBe('');
    await chooseOption(screen.getByRole('combobox', { name: 'Proveedor' }), 'Dermofarma');
    const today = todayInBranch();
    await waitFor(() =>
      expect(creditField().value).toBe(formatLocalDate(creditExpiration(today, 30))),
    );
    expect(screen.getByText('Condiciones de pago: 30 días')).toBeTruthy();
    await chooseOption(screen.getByRole('combobox', { name: 'Proveedor' }), 'Insumos del Norte');
    await waitFor(() =>
      expect(creditField().value).toBe(formatLocalDate(creditExpiration(today, 15))),
    );
    expect(creditField().readOnly).toBe(true);
  });

  it('searches the catalogue as a product is typed: a chain holds more than one page of them', async () => {
    const { fetchMock } = renderForm('/dashboard/ordenes-de-compra/crear');
    await screen.findByRole('heading', { name: 'Nueva orden de compra' });
    await user.click(within(line(1)).getByRole('combobox', { name: 'Producto' }));
    await user.paste('GASA-10 · Gasas estériles');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) =>
            String(url).startsWith('/v1/product') && String(url).includes('search=GASA-10'),
        ),
      ).toBe(true),
    );
    expect(await screen.findByTitle('GASA-10 · Gasas estériles')).toBeTruthy();
  });

  it('asks lot and expiry of a product that is not an Insumo', async () => {
    const { fetchMock } = renderForm('/dashboard/ordenes-de-compra/crear');
    await screen.findByRole('heading', { name: 'Nueva orden de compra' });
    await chooseOption(
      within(line(1)).getByRole('combobox', { name: 'Producto' }),
      'CV-SERUM · Sérum vitamina C',
    );
    expect(isRequired(within(line(1)).getByText('Lote'))).toBe(true);
    expect(isRequired(within(line(1)).getByText('Caducidad'))).toBe(true);
    await user.click(screen.getByRole('button', { name: /Guardar$/ }));
    expect(await screen.findByText('El campo Lote es obligatorio')).toBeTruthy();
    expect(screen.getByText('El campo Caducidad es obligatorio')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/create'))).toBe(false);
  });

  it('saves an Insumo without lot or expiry (sent as null) and strips a lot typed', async () => {
    const { fetchMock, router } = renderForm('/dashboard/ordenes-de-compra/crear');
    await screen.findByRole('heading', { name: 'Nueva orden de compra' });
    await paste(screen.getByLabelText('Número de factura'), 'FAC-77');
    await chooseOption(screen.getByRole('combobox', { name: 'Proveedor' }), 'Dermofarma');
    await chooseOption(screen.getByRole('combobox', { name: 'Método de pago' }), 'Efectivo');
    await paste(screen.getByLabelText('IVA de la factura'), '11.04');
    await paste(screen.getByLabelText('Total de la factura'), '80.04');
    await chooseOption(
      within(line(1)).getByRole('combobox', { name: 'Producto' }),
      'GASA-10 · Gasas estériles',
    );
    expect(isRequired(within(line(1)).getByText('Lote'))).toBe(false);
    const lot = within(line(1)).getByLabelText('Lote') as HTMLInputElement;
    await paste(lot, ' L 9 ');
    expect(lot.value).toBe('L9');
    await user.clear(lot);
    await user.click(screen.getByRole('button', { name: /Guardar$/ }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/dashboard/ordenes-de-compra'),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/create'));
    const body = JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      invoiceNumber: 'FAC-77',
      providerId: 3,
      payMethod: 'Efectivo',
      tax: 11.04,
      amount: 80.04,
      purchaseOrderProducts: [
        { productId: 42, quantity: 1, price: 80, allotment: null, expiresAt: null },
      ],
    });
    expect(await screen.findByText('Orden de compra OC-000043 creada')).toBeTruthy();
  });

  it('warns, without refusing, when the invoice total differs from the lines', async () => {
    renderForm('/dashboard/ordenes-de-compra/9', EDITOR, orderOf({ amount: 250 }));
    await screen.findByRole('heading', { name: 'Orden de compra OC-000042' });
    // 2 × $100 + 16 % = $232.00.
    expect(screen.getByTestId('lines-total').textContent).toBe('$232.00');
    expect(screen.getByTestId('totals-warning').textContent).toContain('$250.00');
    const quantity = within(line(1)).getByLabelText('Cantidad');
    await user.clear(quantity);
    await user.type(quantity, '3');
    // 3 × $100 + 16 % = $348.00.
    await waitFor(() => expect(screen.getByTestId('lines-total').textContent).toBe('$348.00'));
    const amount = screen.getByLabelText('Total de la factura') as HTMLInputElement;
    await user.type(amount, '348', {
      initialSelectionStart: 0,
      initialSelectionEnd: amount.value.length,
    });
    await waitFor(() => expect(screen.queryByTestId('totals-warning')).toBeNull());
  });

  it('lets an approver pay an unpaid order, sending only the payment when nothing else changed', async () => {
    const { fetchMock, router } = renderForm('/dashboard/ordenes-de-compra/9');
    const approve = await screen.findByRole('button', { name: /Aprobar$/ });
    expect(screen.getByLabelText('Estatus de pago')).toBeTruthy();
    expect((screen.getByLabelText('Fecha de pago') as HTMLInputElement).value).toBe(
      formatLocalDate(todayInBranch()),
    );
    await user.click(approve);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/dashboard/ordenes-de-compra'),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/update'));
    expect(call?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      payStatus: 'Completado',
      payedAt: todayInBranch(),
    });
    expect(await screen.findByText('Orden de compra OC-000042 pagada')).toBeTruthy();
  });

  it('gives an editor without approve no payment fields', async () => {
    renderForm('/dashboard/ordenes-de-compra/9', EDITOR);
    await screen.findByRole('button', { name: /Guardar$/ });
    expect(screen.queryByLabelText('Estatus de pago')).toBeNull();
    expect(screen.queryByRole('button', { name: /Aprobar$/ })).toBeNull();
  });

  it('shows a paid order fully disabled', async () => {
    renderForm(
      '/dashboard/ordenes-de-compra/9',
      ALL,
      orderOf({ payStatus: 'Completado', payedAt: '2026-11-22' }),
    );
    expect(await screen.findByText('La orden está pagada: ya no se puede modificar.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Guardar$|Aprobar$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Agregar producto/ })).toBeNull();
    expect((screen.getByLabelText('Número de factura') as HTMLInputElement).disabled).toBe(true);
    expect((within(line(1)).getByLabelText('Lote') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Pagada el 22-11-2026')).toBeTruthy();
  });
});
