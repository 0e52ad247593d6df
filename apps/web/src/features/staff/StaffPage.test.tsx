import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Privileges, StaffListItem } from '@clinica/domain';
import { endSession } from '../../shared/session/store';
import { renderScreen } from '../../test/render';
import { envelopeResponse, onePage, signInAs } from '../../test/session';
import { StaffPage } from './StaffPage';

function member(id: number, name: string, role: string): StaffListItem {
  return {
    id,
    name,
    lastName: 'Ruiz',
    motherLastName: 'Campos',
    username: `${name.toLowerCase()}@clinica.mx`,
    status: 'activo',
    role: { id, role },
    kardex: {
      id,
      employeeNumber: String(id).padStart(6, '0'),
      mainBranch: { id: 2, name: 'Zona Río' },
      jobPosition: { id: 1, name: 'Puesto' },
      photo: null,
      signatures: [],
    },
    contract: null,
  };
}

const STAFF = [member(1, 'Alejandra', 'Super Administrador'), member(6, 'Jorge', 'Médico')];
const MANAGER: Privileges = { users: ['view', 'show', 'create', 'edit'] };

afterEach(() => {
  endSession('signout');
  vi.unstubAllGlobals();
});

function renderList() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/v1/user/6/invitation') && init?.method === 'POST')
      return envelopeResponse(200, {
        sentTo: 'jorge@clinica.mx',
        expiresAt: '2026-11-26T18:00:00.000Z',
      });
    return url.startsWith('/v1/user')
      ? envelopeResponse(200, onePage(STAFF, 15))
      : envelopeResponse(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
  signInAs(MANAGER, { role: 'Sucursal Gerente' });
  renderScreen(<StaffPage />, { path: '/dashboard/personal' });
  return fetchMock;
}

describe('the staff list offers only what the user can do (issue 11 items 3 and 7)', () => {
  it('offers a branch manager no Editar on the super administrator', async () => {
    renderList();
    await screen.findByText('Alejandra Ruiz Campos');
    await userEvent.click(
      screen.getByRole('button', { name: 'Acciones de Alejandra Ruiz Campos' }),
    );
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByText('Editar')).toBeNull();
    expect(within(menu).queryByText('Reenviar invitación')).toBeNull();
    expect(within(menu).getByText('Ver expediente')).toBeTruthy();
  });

  it('resends the invitation of a staff member they manage, from the row menu', async () => {
    const fetchMock = renderList();
    await screen.findByText('Jorge Ruiz Campos');
    await userEvent.click(screen.getByRole('button', { name: 'Acciones de Jorge Ruiz Campos' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Editar')).toBeTruthy();
    await userEvent.click(within(menu).getByText('Reenviar invitación'));
    await waitFor(() =>
      expect(screen.getByTestId('notice').textContent).toMatch(
        /Enviamos a jorge@clinica.mx una nueva invitación/,
      ),
    );
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/v1/user/6/invitation' && init?.method === 'POST',
      ),
    ).toBe(true);
  });
});
