import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { DEFAULT_PRIVILEGES, type AuditEntry } from '@clinica/domain';
import { endSession } from '../../shared/session/store';
import { renderScreen } from '../../test/render';
import { envelopeResponse, onePage, signInAs } from '../../test/session';
import { HistoryPage } from './HistoryPage';

const entry: AuditEntry = {
  id: 9,
  module: { name: 'Inventario', alias: 'inventory' },
  action: 'drop',
  recordId: 101,
  recordName: 'Toxina botulínica',
  changes: { quantity: { before: 5, after: 3 } },
  user: { id: 1, name: 'Ana', lastName: 'López', motherLastName: 'Ruiz' },
  branch: { id: 2, name: 'Zona Río' },
  detail: 'Frasco roto',
  order: 'TR-000012',
  stock: { id: 101, allotment: 'L-0412' },
  product: { id: 41, name: 'Toxina botulínica', sku: 'MV-TOX100' },
  originBranch: { id: 1, name: 'CEDIS' },
  destinationBranch: { id: 3, name: 'Playas de Tijuana' },
  created_at: '2026-11-20T18:00:00.000Z',
};

afterEach(() => {
  endSession('signout');
  vi.unstubAllGlobals();
});

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/v1/log')) return envelopeResponse(200, onePage([entry], 15));
      if (url.startsWith('/v1/module')) return envelopeResponse(200, []);
      return envelopeResponse(200, onePage([], 100));
    }),
  );
}

describe('the history of stock changes (issue 12)', () => {
  it('shows the order, product, lot and branches of a stock entry', async () => {
    serve();
    signInAs(DEFAULT_PRIVILEGES.superAdmin, { role: 'Super Administrador' });
    renderScreen(<HistoryPage />);
    expect(await screen.findByText('TR-000012')).toBeTruthy();
    expect(screen.getByText('Toxina botulínica (MV-TOX100)')).toBeTruthy();
    expect(screen.getByText('L-0412')).toBeTruthy();
    expect(screen.getByText('CEDIS')).toBeTruthy();
    expect(screen.getByText('Playas de Tijuana')).toBeTruthy();
  });

  it('filters by module, action, user, product, branch and dates', async () => {
    serve();
    signInAs(DEFAULT_PRIVILEGES.superAdmin, { role: 'Super Administrador' });
    renderScreen(<HistoryPage />);
    await screen.findByText('TR-000012');
    for (const name of ['Módulo', 'Acción', 'Usuario', 'Producto', 'Sucursal']) {
      expect(screen.getByRole('combobox', { name })).toBeTruthy();
    }
    expect(screen.getByPlaceholderText('Fecha: desde')).toBeTruthy();
  });

  it('has no branch filter for a role fixed to its branch', async () => {
    serve();
    signInAs(DEFAULT_PRIVILEGES.branchManager, { role: 'Sucursal Gerente' });
    renderScreen(<HistoryPage />);
    await screen.findByText('TR-000012');
    expect(screen.queryByRole('combobox', { name: 'Sucursal' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Usuario' })).toBeTruthy();
  });
});
