import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../shared/session/store';
import { pairFor } from '../test/session';
import { drawFrame, greeting, storedClaims } from './boot';

/** The frame drawn before the app arrives (issue 24): only for a session, only where it matches. */
describe('the boot frame', () => {
  afterEach(() => localStorage.clear());

  const root = () => {
    const node = document.createElement('div');
    document.body.append(node);
    return node;
  };

  it('reads the stored session the app keeps (STORAGE_KEYS.auth)', () => {
    expect(storedClaims(localStorage)).toBeNull();
    localStorage.setItem(
      STORAGE_KEYS.auth,
      JSON.stringify(pairFor({ fullname: 'Ana López Ruiz' })),
    );
    expect(storedClaims(localStorage)).toMatchObject({
      fullname: 'Ana López Ruiz',
      branch: 'Zona Río',
    });
    // A family past its end is a session the app will not resume: nothing is drawn for it.
    const ended = { ...pairFor(), refreshExpiresAt: Date.now() - 1 };
    localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify(ended));
    expect(storedClaims(localStorage)).toBeNull();
    localStorage.setItem(
      STORAGE_KEYS.auth,
      JSON.stringify({ token: 'x.@@@.y', refresh_token: 'r' }),
    );
    expect(storedClaims(localStorage)).toBeNull();
  });

  it('draws the home’s greeting, the branch and the user, hidden from screen readers', () => {
    localStorage.setItem(
      STORAGE_KEYS.auth,
      JSON.stringify(pairFor({ fullname: 'Ana López Ruiz', zone: 'America/Tijuana' })),
    );
    const node = root();
    expect(drawFrame(node, '/dashboard/inicio', storedClaims(localStorage))).toBe(true);
    const hour = Number(
      new Intl.DateTimeFormat('en-US', {
        hour: 'numeric',
        hourCycle: 'h23',
        timeZone: 'America/Tijuana',
      }).format(new Date()),
    );
    expect(node.querySelector('h1')?.textContent).toBe(`${greeting(hour)}, Ana`);
    expect(node.querySelector('.shell__branch-name')?.textContent).toBe('ZONA RÍO');
    expect(node.querySelector('.shell__user-role')?.textContent).toBe('Sucursal Gerente');
    expect(node.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });

  it('draws the agenda’s heading, and nothing elsewhere, without a session or over content', () => {
    localStorage.setItem(
      STORAGE_KEYS.auth,
      JSON.stringify(pairFor({ privileges: { agenda: ['view'] } })),
    );
    const claims = storedClaims(localStorage);
    const agenda = root();
    expect(drawFrame(agenda, '/dashboard/agenda/', claims)).toBe(true);
    expect(agenda.querySelector('h1')?.textContent).toBe('Agenda');
    for (const path of ['/login', '/dashboard/clientes', '/dashboard/agenda/crear']) {
      expect(drawFrame(root(), path, claims)).toBe(false);
    }
    expect(drawFrame(root(), '/dashboard/inicio', null)).toBe(false);
    // A role without the agenda gets "Sin acceso" from the app: no agenda heading before it.
    expect(drawFrame(root(), '/dashboard/agenda', { ...claims!, privileges: {} })).toBe(false);
    expect(drawFrame(agenda, '/dashboard/agenda', claims)).toBe(false);
  });

  it('greets by the hour', () => {
    expect([greeting(8), greeting(12), greeting(18), greeting(19)]).toEqual([
      'Buenos días',
      'Buenas tardes',
      'Buenas tardes',
      'Buenas noches',
    ]);
  });
});
