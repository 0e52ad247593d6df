import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Privileges, Resource } from '@clinica/domain';
import { signInAs } from '../../test/session';
import { NAVIGATION, navigationFor } from '../navigation';
import { RequirePrivilege } from './RequirePrivilege';

/** Mounts the guard in front of a page and answers whether the page opened. */
async function opens(resource: Resource): Promise<boolean> {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/seccion',
        element: <RequirePrivilege resource={resource} />,
        children: [{ index: true, element: <p>Página abierta</p> }],
      },
    ],
    { initialEntries: ['/dashboard/seccion'] },
  );
  const { unmount } = render(<RouterProvider router={router} />);
  const opened = screen.queryByText('Página abierta') !== null;
  // 'Sin acceso' loads its code when it is first shown.
  if (!opened) expect(await screen.findByText('Sin acceso', {}, { timeout: 10_000 })).toBeTruthy();
  unmount();
  return opened;
}

describe('the page guard admits whom the sidebar shows the item to (spec 000 §2)', () => {
  it('opens a page to a holder of any action on its key, not only view', async () => {
    signInAs({ history: ['reports'] });
    expect(navigationFor({ history: ['reports'] }).flatMap((group) => group.items)).toContainEqual(
      expect.objectContaining({ path: '/dashboard/historial' }),
    );
    expect(await opens('history')).toBe(true);
  });

  it('says "Sin acceso" to a user without any action on the key', async () => {
    signInAs({ history: [], users: ['view'] });
    expect(await opens('history')).toBe(false);
    expect(await opens('role')).toBe(false);
  });

  it('agrees with the sidebar on every destination', async () => {
    const privileges: Privileges = {
      users: ['view'],
      branch: ['show'],
      cabain: ['create'],
      products: ['approve'],
      history: ['reports'],
      role: [],
    };
    signInAs(privileges);
    const shown = new Set(
      navigationFor(privileges).flatMap((group) => group.items.map((item) => item.path)),
    );
    for (const item of NAVIGATION.flatMap((group) => group.items)) {
      if (item.key === 'dashboard') continue;
      expect({ path: item.path, opens: await opens(item.key) }).toEqual({
        path: item.path,
        opens: shown.has(item.path),
      });
    }
  });
});
