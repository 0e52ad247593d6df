import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../test/render';
import { envelopeResponse } from '../../test/session';
import { ForgotPasswordPage } from './ForgotPasswordPage';

const CODE = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the invitation of a new employee (issue 11 item 3)', () => {
  it('greets them, takes a password and a 4-digit PIN, and sends them to sign in', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? envelopeResponse(200, null)
        : envelopeResponse(200, { fullname: 'Valeria Gómez Torres', username: 'vale@clinica.mx' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<ForgotPasswordPage />, {
      path: '/forgot-password/:code',
      at: `/forgot-password/${CODE}`,
      others: ['/login'],
    });
    expect(await screen.findByText('Valeria Gómez Torres')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe(`/v1/auth/invitation/${CODE}`);
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Valeria2026');
    await userEvent.type(screen.getByLabelText('Confirmar contraseña'), 'Valeria2026');
    // Digits only: letters typed into the PIN are dropped.
    await userEvent.type(screen.getByLabelText('PIN'), '2a4b68');
    expect((screen.getByLabelText('PIN') as HTMLInputElement).value).toBe('2468');
    await userEvent.type(screen.getByLabelText('Confirmar PIN'), '2468');
    await userEvent.click(screen.getByRole('button', { name: 'Crear contraseña y PIN' }));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    const put = fetchMock.mock.calls.find((call) => call[1]?.method === 'PUT')!;
    expect(put[0]).toBe(`/v1/auth/invitation/${CODE}`);
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      password: 'Valeria2026',
      passwordConfirm: 'Valeria2026',
      pin: '2468',
      pinConfirm: '2468',
    });
    await waitFor(() =>
      expect(screen.getByTestId('notice').textContent).toMatch(/ya puedes iniciar sesión/),
    );
  });

  it('says what to do when the link is used or expired', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelopeResponse(404, undefined, 21)),
    );
    renderScreen(<ForgotPasswordPage />, {
      path: '/forgot-password/:code',
      at: `/forgot-password/${CODE}`,
    });
    expect(await screen.findByText('Esta invitación ya no es válida')).toBeTruthy();
    expect(screen.queryByLabelText('Contraseña')).toBeNull();
  });
});
