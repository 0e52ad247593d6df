import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { pairFor } from '../test/session';
import { RequireSession } from './guards';
import { endSession, startSession } from '../shared/session/store';

/** Opens a deep link into the dashboard and answers where the guard sent the user. */
function deepLink(): string {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: <RequireSession />,
        children: [{ path: 'historial', element: <p>Historial</p> }],
      },
      { path: '/', element: <p>Iniciar sesión</p> },
      { path: '/quick-login', element: <p>Ingreso rápido</p> },
    ],
    { initialEntries: ['/dashboard/historial'] },
  );
  render(<RouterProvider router={router} />);
  return router.state.location.pathname;
}

describe('/dashboard/* without a session (spec 000 §2, spec 002 §9)', () => {
  afterEach(() => vi.useRealTimers());

  it('goes to / when nobody signed in', () => {
    expect(deepLink()).toBe('/');
    expect(screen.getByText('Iniciar sesión')).toBeTruthy();
  });

  it('goes to / after a sign-out', () => {
    startSession(pairFor(), { remember: false });
    endSession('signout');
    expect(deepLink()).toBe('/');
  });

  it('goes to the PIN screen after an idle timeout, while the refresh token can be valid', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T08:00:00Z'), toFake: ['Date'] });
    startSession(pairFor(), { remember: false });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    endSession('idle', '/dashboard/historial');
    vi.setSystemTime(new Date('2026-11-21T19:00:00Z'));
    expect(deepLink()).toBe('/quick-login');
  });

  it('goes to / once the refresh token of the idle session has expired, not to the PIN forever', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T08:00:00Z'), toFake: ['Date'] });
    startSession(pairFor(), { remember: false });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    endSession('idle', '/dashboard/historial');
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    expect(deepLink()).toBe('/');
  });

  it('a remembered sign-in can be resumed with the PIN days later', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T08:00:00Z'), toFake: ['Date'] });
    startSession(pairFor(), { remember: true });
    endSession('idle', '/dashboard/historial');
    vi.setSystemTime(new Date('2026-11-25T08:00:00Z'));
    expect(deepLink()).toBe('/quick-login');
  });
});
