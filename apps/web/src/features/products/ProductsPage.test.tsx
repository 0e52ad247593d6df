import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Privileges } from '@clinica/domain';
import { endSession } from '../../shared/session/store';
import { renderScreen } from '../../test/render';
import { envelopeResponse, onePage, signInAs } from '../../test/session';
import type { Product } from './api';
import { ProductDetail } from './ProductDetail';
import { ProductsPage } from './ProductsPage';

const approved: Product = {
  id: 41,
  sku: 'MV-TOX100',
  name: 'Toxina botulínica tipo A 100 U',
  brand: 'Botox',
  barCode: '7501000000000',
  description: 'Vial de 100 unidades',
  contentType: 'Vial',
  content: 100,
  measureUnit: 'ud',
  contentLabel: '100 ud(s) Vial',
  cost: 3000,
  tax: 16,
  costWithTax: 3480,
  productType: { id: 2, name: 'Médico/Venta' },
  providers: [{ id: 3, name: 'Dermofarma' }],
  categories: [{ id: 10, name: 'Inyectables' }],
  photos: [],
  status: true,
  approvalStatus: 'approved',
  approvalLabel: 'Aprobado',
  approved_at: '2026-11-20T18:00:00.000Z',
  rejected_at: null,
  indirectExpenses: 150,
  franchiseTax: 16,
  additionalCostFranchise: 12,
  franchisePrice: 4671.26,
  profitPorcentage: null,
  salePrice: null,
  points: null,
  created_at: '2026-11-20T18:00:00.000Z',
  deleted_at: null,
};

const APPROVER: Privileges = { products: ['view', 'show', 'approve'] };
const VIEWER: Privileges = { products: ['view', 'show'] };

afterEach(() => {
  endSession('signout');
  vi.unstubAllGlobals();
});

function renderList(privileges: Privileges) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.startsWith('/v1/product')
        ? envelopeResponse(200, onePage([approved], 15))
        : envelopeResponse(200, onePage([], 15)),
    ),
  );
  signInAs(privileges);
  return renderScreen(<ProductsPage />, { path: '/dashboard/productos' });
}

describe('approval prices only for approvers (spec 001 §6: approve gates the financial fields)', () => {
  it('shows the Precio franquicia column to a holder of products approve', async () => {
    renderList(APPROVER);
    expect(await screen.findByText('MV-TOX100')).toBeTruthy();
    // antd repeats a header for its measuring row, so there may be more than one.
    expect(screen.queryAllByText('Precio franquicia').length).toBeGreaterThan(0);
    expect(screen.queryAllByText('$4,671.26').length).toBeGreaterThan(0);
  });

  it('hides the Precio franquicia column from who only views products', async () => {
    renderList(VIEWER);
    expect(await screen.findByText('MV-TOX100')).toBeTruthy();
    expect(screen.queryByText('Precio franquicia')).toBeNull();
    expect(screen.queryByText('$4,671.26')).toBeNull();
  });

  it('shows the drawer’s franchise price and Precios de aprobación to an approver only', () => {
    signInAs(APPROVER);
    const first = renderScreen(<ProductDetail product={approved} />);
    expect(screen.queryByText('Precios de aprobación')).not.toBeNull();
    expect(screen.queryByText('Precio franquicia')).not.toBeNull();
    first.unmount();
    endSession('signout');

    signInAs(VIEWER);
    renderScreen(<ProductDetail product={approved} />);
    expect(screen.queryByText('Precios de aprobación')).toBeNull();
    expect(screen.queryByText('Precio franquicia')).toBeNull();
    expect(screen.queryByText('Impuesto franquicia')).toBeNull();
    // When it was approved still shows.
    expect(screen.queryByText('Aprobado el')).not.toBeNull();
  });
});
