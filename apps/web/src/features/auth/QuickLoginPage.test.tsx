import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../test/render';
import { envelopeResponse, pairFor } from '../../test/session';
import { endSession, startSession } from '../../shared/session/store';
import { QuickLoginPage } from './QuickLoginPage';

afterEach(() => {
  vi.unstubAllGlobals();
  endSession('signout');
});

/** An idle timeout on /dashboard/historial: the PIN screen has its ticket. */
function idleOn(path: string) {
  startSession(pairFor(), { remember: false });
  endSession('idle', path);
}

describe('the quick sign-in (issue 11 item 7)', () => {
  it('says on the PIN field how many tries are left, not in a notice', async () => {
    idleOn('/dashboard/historial');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        envelopeResponse(401, undefined, 2, {
          details: [{ field: 'pin', message: 'PIN incorrecto. Te quedan 3 intentos.' }],
        }),
      ),
    );
    renderScreen(<QuickLoginPage />, { path: '/quick-login' });
    await userEvent.type(screen.getByLabelText('PIN'), '99x99');
    expect((screen.getByLabelText('PIN') as HTMLInputElement).value).toBe('9999');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('PIN incorrecto. Te quedan 3 intentos.')).toBeTruthy();
    expect(screen.queryByTestId('notice')).toBeNull();
  });

  it('returns to the page the user was on when sent here', async () => {
    idleOn('/dashboard/historial');
    const pair = pairFor();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelopeResponse(200, { userId: 1, payload: pair })),
    );
    const { router } = renderScreen(<QuickLoginPage />, {
      path: '/quick-login',
      // Another tab's timeout saved its own page; this tab was on the products.
      at: {
        pathname: '/quick-login',
        state: { returnTo: '/dashboard/productos?page=2' },
      } as unknown as string,
      others: ['/dashboard/*'],
    });
    await userEvent.type(screen.getByLabelText('PIN'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/dashboard/productos?page=2',
      ),
    );
  });
});
