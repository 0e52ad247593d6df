import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setBranchTimeZone } from '../../shared/format';
import { envelopeResponse, signInAs } from '../../test/session';
import { endSession } from '../../shared/session/store';
import { DashboardLayout } from './DashboardLayout';

function renderDashboard() {
  vi.stubGlobal('fetch', async () => envelopeResponse(200, { posUrl: null }));
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: <DashboardLayout />,
        children: [{ path: 'inicio', element: <p>Inicio</p> }],
      },
    ],
    { initialEntries: ['/dashboard/inicio'] },
  );
  return render(<RouterProvider router={router} />);
}

afterEach(() => {
  // Unmount first: ending the session clears the query cache, and a mounted layout would refetch.
  cleanup();
  endSession('signout');
  vi.unstubAllGlobals();
  setBranchTimeZone(null);
});

describe('the dashboard footer names the branch time zone the dates follow', () => {
  it.each([
    ['America/Cancun', 'Tiempo del Sureste'],
    ['America/Mexico_City', 'Tiempo del Centro'],
    ['America/Tijuana', 'Tiempo del Noroeste'],
  ])('a branch in %s says %s', async (zone, name) => {
    signInAs({}, { branch: 'Cancún Centro', zone });
    renderDashboard();
    const footer = (await screen.findByText(/Clínica Estética · Cancún Centro/)).closest('footer');
    expect(footer?.textContent).toContain(`Cancún Centro · ${name}`);
    expect(footer?.textContent).not.toContain('Pacífico');
  });

  it('a session without a zone is shown in America/Tijuana (spec 000 §9)', async () => {
    signInAs({}, { zone: undefined });
    renderDashboard();
    expect((await screen.findByText(/Clínica Estética · /)).textContent).toContain(
      'Tiempo del Noroeste',
    );
  });
});
