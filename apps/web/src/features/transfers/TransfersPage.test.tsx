import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PRIVILEGES, type Privileges } from '@clinica/domain';
import { endSession } from '../../shared/session/store';
import { renderScreen } from '../../test/render';
import { envelopeResponse, onePage, signInAs } from '../../test/session';
import { TransfersPage } from './TransfersPage';
import { transferOf } from './testTransfers';

/** The transfer list's row menu and labels (spec 001 §4, §6), by the domain's `transferMenu`. */

const user = userEvent.setup();

const open = transferOf({ id: 1, transferNumber: 1, folio: 'TR-000001', status: 'En proceso' });
const inTransit = transferOf({ id: 2, transferNumber: 2, folio: 'TR-000002' });
const short = transferOf({
  id: 3,
  transferNumber: 3,
  folio: 'TR-000003',
  status: 'Terminada',
  hasDifference: true,
});

function renderList(
  privileges: Privileges,
  claims: { branchId: number; role: string; branch: string },
) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/v1/transfer'))
      return envelopeResponse(200, onePage([open, inTransit, short], 20));
    if (url.startsWith('/v1/branch/all'))
      return envelopeResponse(200, [
        { id: 2, name: 'Zona Río', code: 'ZR' },
        { id: 3, name: 'Playas de Tijuana', code: 'PT' },
      ]);
    return envelopeResponse(200, onePage([], 15));
  });
  vi.stubGlobal('fetch', fetchMock);
  signInAs(privileges, claims);
  renderScreen(<TransfersPage />, { path: '/dashboard/transferencias' });
  return fetchMock;
}

async function menuOf(folio: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`Acciones de ${folio}`) }));
  const menus = await screen.findAllByRole('menu');
  return menus[menus.length - 1]!;
}

const itemsOf = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent?.trim());

const atOrigin = { branchId: 2, role: 'Sucursal Gerente', branch: 'Zona Río' };
const atDestination = { branchId: 3, role: 'Gerente Operativo', branch: 'Playas de Tijuana' };

afterEach(() => {
  endSession('signout');
  vi.unstubAllGlobals();
});

describe('transfer list (spec 001 §2, §4, §6)', () => {
  it('asks for 20 a page and shows the origin its labels, and a short one highlighted', async () => {
    const fetchMock = renderList(DEFAULT_PRIVILEGES.branchManager, atOrigin);
    expect(await screen.findByText('TR-000001')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([url]) => /\/v1\/transfer\?.*take=20/.test(String(url))),
    ).toBe(true);
    expect(screen.getByText('Por aprobar')).toBeTruthy();
    expect(screen.getByText('En tránsito')).toBeTruthy();
    const row = screen.getByText('TR-000003').closest('tr')!;
    expect(row.className).toContain('transfer-row--difference');
    expect(within(row).getByText('Con diferencia')).toBeTruthy();
    // With reports: the origin and destination filters.
    expect(screen.getByText('Origen', { selector: '.ant-select-placeholder' })).toBeTruthy();
  });

  it('offers the origin edit before approval, and no review without approve', async () => {
    renderList(DEFAULT_PRIVILEGES.branchManager, atOrigin);
    expect(itemsOf(await menuOf('TR-000001'))).toEqual(['Ver detalle', 'Editar', 'Descargar PDF']);
    await user.keyboard('{Escape}');
    expect(itemsOf(await menuOf('TR-000002'))).toEqual(['Ver detalle', 'Descargar PDF']);
  });

  it('offers the destination the confirmation while in transit', async () => {
    renderList(DEFAULT_PRIVILEGES.operationalManager, atDestination);
    expect(await screen.findByText('Por recibir')).toBeTruthy();
    expect(itemsOf(await menuOf('TR-000002'))).toEqual([
      'Ver detalle',
      'Confirmar recepción',
      'Descargar PDF',
    ]);
    await user.keyboard('{Escape}');
    expect(itemsOf(await menuOf('TR-000001'))).toEqual(['Ver detalle', 'Descargar PDF']);
  });

  it('shows the Super Administrador the review link instead of edit, and delete before approval', async () => {
    renderList(DEFAULT_PRIVILEGES.superAdmin, {
      branchId: 9,
      role: 'Super Administrador',
      branch: 'CEDIS',
    });
    expect(itemsOf(await menuOf('TR-000001'))).toEqual([
      'Ver detalle',
      'Revisar',
      'Descargar PDF',
      'Eliminar',
    ]);
    await user.keyboard('{Escape}');
    expect(itemsOf(await menuOf('TR-000002'))).toEqual(['Ver detalle', 'Revisar', 'Descargar PDF']);
    await user.keyboard('{Escape}');
    expect(itemsOf(await menuOf('TR-000003'))).toEqual(['Ver detalle', 'Descargar PDF']);
  });

  it('opens the row modal with the lines and the difference', async () => {
    renderList(DEFAULT_PRIVILEGES.branchManager, atOrigin);
    await user.click(await screen.findByText('TR-000003'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Transferencia TR-000003')).toBeTruthy();
    expect(within(dialog).getByText('Sérum')).toBeTruthy();
    expect(within(dialog).getByText('L-1')).toBeTruthy();
  });
});
