import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../test/render';
import { envelopeResponse } from '../../test/session';
import { ForgotPasswordPage } from './ForgotPasswordPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the reset code and the PIN are counted, never cut (issue 11 item 9)', () => {
  it('keeps an 8-character reset code as typed and says it is too long', async () => {
    const fetchMock = vi.fn(async () => envelopeResponse(200, null));
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<ForgotPasswordPage />, {
      path: '/forgot-password/:code',
      at: '/forgot-password/ABC123',
    });
    const code = (await screen.findByLabelText('Código')) as HTMLInputElement;
    expect(code.getAttribute('maxlength')).toBeNull();
    expect(screen.getByText('6 / 6')).toBeTruthy();
    await userEvent.type(code, 'XY');
    expect(code.value).toBe('ABC123XY');
    expect(screen.getByText('8 / 6')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    await waitFor(() => expect(document.getElementById('code-error')).toBeTruthy());
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps a fifth PIN digit and refuses it, rather than dropping it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        envelopeResponse(200, { fullname: 'Valeria Gómez Torres', username: 'vale@clinica.mx' }),
      ),
    );
    renderScreen(<ForgotPasswordPage />, {
      path: '/forgot-password/:code',
      at: '/forgot-password/ABCDEFGHJKLMNPQRSTUVWXYZ',
    });
    const pin = (await screen.findByLabelText('PIN')) as HTMLInputElement;
    await userEvent.type(pin, '24689');
    expect(pin.value).toBe('24689');
    expect(screen.getByText('5 / 4')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Crear contraseña y PIN' }));
    await waitFor(() => expect(document.getElementById('pin-error')?.textContent).toMatch(/PIN/));
  });
});
