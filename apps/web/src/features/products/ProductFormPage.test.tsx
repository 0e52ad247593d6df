import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Privileges } from '@clinica/domain';
import { endSession } from '../../shared/session/store';
import { renderScreen } from '../../test/render';
import { envelopeResponse, onePage, signInAs } from '../../test/session';
import type { Product } from './api';
import { FranchisePriceSummary } from './FinancialFields';
import { ProductFormPage, REJECT_PROMPT } from './ProductFormPage';
import { productFormView } from './productForm';

function productOf(overrides: Partial<Product> = {}): Product {
  return {
    id: 41,
    sku: 'CV-SERUM',
    name: 'Sérum vitamina C',
    brand: 'Dermaluz',
    barCode: '7501234567890',
    description: 'Sérum facial',
    contentType: 'Vial',
    content: 30,
    measureUnit: 'ml',
    contentLabel: '30 ml(s) Vial',
    cost: 250,
    tax: 16,
    costWithTax: 290,
    productType: { id: 1, name: 'Cosmetólogo/Venta' },
    providers: [{ id: 3, name: 'Dermofarma' }],
    categories: [{ id: 10, name: 'Cuidado facial' }],
    photos: [{ id: 7, name: 'a1b2c3.webp' }],
    status: true,
    approvalStatus: 'pending',
    approvalLabel: 'Pendiente',
    approved_at: null,
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
    ...overrides,
  };
}

function renderEdit(product: Product, privileges: Privileges) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/v1/product/41') && (init?.method ?? 'GET') === 'GET')
      return envelopeResponse(200, product);
    if (url.startsWith('/v1/product-type'))
      return envelopeResponse(200, [{ id: 1, name: 'Cosmetólogo/Venta' }]);
    if (url.startsWith('/v1/provider')) return envelopeResponse(200, onePage([{ ...provider }]));
    if (url.startsWith('/v1/category')) return envelopeResponse(200, onePage([]));
    if (url.startsWith('/v1/product/41/reject')) return envelopeResponse(200, product);
    return envelopeResponse(500, null);
  });
  vi.stubGlobal('fetch', fetchMock);
  signInAs(privileges, { role: 'Super Administrador' });
  const view = renderScreen(<ProductFormPage />, {
    path: '/dashboard/productos/:id',
    at: '/dashboard/productos/41',
    others: ['/dashboard/productos'],
  });
  return { ...view, fetchMock };
}

const provider = {
  id: 3,
  name: 'Dermofarma',
  tradename: 'Dermofarma',
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
  payConditions: 30,
  deliveryTime: null,
  bank: null,
  clabeAccount: null,
  bankAccount: null,
  created_at: '2026-11-20T18:00:00.000Z',
  deleted_at: null,
};

const APPROVER: Privileges = { products: ['view', 'show', 'create', 'edit', 'approve'] };
const EDITOR: Privileges = { products: ['view', 'show', 'create', 'edit'] };

afterEach(() => {
  endSession('signout');
  vi.unstubAllGlobals();
});

describe('product form modes by privilege and state (spec 001 §4–§5)', () => {
  it('offers the approver of a pending product Aprobar, Rechazar, the active toggle and the prices of its type', () => {
    const view = productFormView(productOf(), true);
    expect(view).toMatchObject({
      mode: 'approve',
      submitLabel: 'Aprobar',
      canReject: true,
      showsActive: true,
      identityLocked: true,
    });
    expect(view.financialFields).toEqual([
      'indirectExpenses',
      'franchiseTax',
      'additionalCostFranchise',
      'profitPorcentage',
      'salePrice',
      'points',
    ]);
  });

  it('gives the medical sale type indirect expenses but no sale price or points', () => {
    const medical = productOf({ productType: { id: 2, name: 'Médico/Venta' } });
    expect(productFormView(medical, true).financialFields).toEqual([
      'indirectExpenses',
      'franchiseTax',
      'additionalCostFranchise',
    ]);
    const input = productOf({ productType: { id: 4, name: 'Insumo' } });
    expect(productFormView(input, true).financialFields).toEqual([
      'franchiseTax',
      'additionalCostFranchise',
    ]);
  });

  it('lets someone without approve only edit a pending product, with no prices', () => {
    expect(productFormView(productOf(), false)).toMatchObject({
      mode: 'edit',
      submitLabel: 'Guardar',
      canReject: false,
      showsActive: true,
      financialFields: [],
    });
  });

  it('hides the active toggle and the prices of a rejected product, even from the approver', () => {
    const rejected = productOf({ approvalStatus: 'rejected', rejected_at: '2026-11-21T10:00:00Z' });
    expect(productFormView(rejected, true)).toMatchObject({
      mode: 'edit',
      canReject: false,
      showsActive: false,
      financialFields: [],
      rejected: true,
    });
  });

  it('neither approves nor rejects an approved product again', () => {
    const approved = productOf({ approvalStatus: 'approved', approved_at: '2026-11-21T10:00:00Z' });
    expect(productFormView(approved, true)).toMatchObject({ mode: 'edit', canReject: false });
  });

  it('creates with the type and SKU open and nothing to approve', () => {
    expect(productFormView(null, true)).toMatchObject({
      mode: 'create',
      identityLocked: false,
      showsActive: false,
      financialFields: [],
    });
  });
});

describe('ProductFormPage', () => {
  it('shows the approver Aprobar and a Rechazar that asks first', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderEdit(productOf(), APPROVER);
    const approve = await screen.findByRole('button', { name: /Aprobar$/ });
    expect(approve).toBeTruthy();
    expect(screen.getByLabelText('Gastos indirectos')).toBeTruthy();
    expect(screen.getByRole('switch')).toBeTruthy();
    expect((screen.getByLabelText('SKU') as HTMLInputElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: /Rechazar$/ }));
    expect((await screen.findAllByText(REJECT_PROMPT)).length).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/reject'))).toBe(false);
    const confirm = screen
      .getAllByRole('button', { name: /Rechazar$/ })
      .find((button) => button.closest('.ant-modal'));
    await user.click(confirm!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/productos'));
    const reject = fetchMock.mock.calls.find(([url]) => String(url).includes('/reject'));
    expect(reject?.[1]?.method).toBe('PUT');
  });

  it('shows an editor without approve neither the prices nor the decision buttons', async () => {
    renderEdit(productOf(), EDITOR);
    await screen.findByRole('button', { name: /Guardar$/ });
    expect(screen.queryByRole('button', { name: /Aprobar$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Rechazar$/ })).toBeNull();
    expect(screen.queryByLabelText('Gastos indirectos')).toBeNull();
  });

  it('tells about a rejected product and offers no active toggle', async () => {
    renderEdit(
      productOf({ approvalStatus: 'rejected', rejected_at: '2026-11-21T10:00:00Z' }),
      APPROVER,
    );
    expect(await screen.findByText('Este producto fue rechazado')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /Aprobar$/ })).toBeNull();
  });
});

describe('franchise price display (spec 001 §9)', () => {
  it('computes cost with tax × (1 + franchise tax) × (1 + additional) + indirect expenses', () => {
    renderScreen(
      <FranchisePriceSummary
        values={{
          cost: 250,
          tax: 16,
          franchiseTax: 10,
          additionalCostFranchise: 5,
          indirectExpenses: 20,
        }}
      />,
    );
    expect(screen.getByText('$290.00')).toBeTruthy();
    expect(screen.getByTestId('franchise-price').textContent).toBe('$354.95');
  });

  it('shows no price while a percentage is missing', () => {
    renderScreen(<FranchisePriceSummary values={{ cost: 250, tax: 16, franchiseTax: 10 }} />);
    expect(screen.getByTestId('franchise-price').textContent).toBe('—');
  });

  it('updates as the approver types in the form', async () => {
    const user = userEvent.setup();
    renderEdit(productOf({ productType: { id: 4, name: 'Insumo' } }), APPROVER);
    const tax = await screen.findByLabelText('Impuesto franquicia');
    await user.type(tax, '10');
    await user.type(screen.getByLabelText('Porcentaje adicional franquicia'), '5');
    // 290 × 1.10 × 1.05 = 334.95, no indirect expenses for Insumo.
    await waitFor(() => expect(screen.getByTestId('franchise-price').textContent).toBe('$334.95'));
  });
});
