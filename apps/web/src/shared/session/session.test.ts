import { roleRoutes } from '@clinica/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApi, configureApi } from '../api/client';
import { envelopeResponse, pairFor, sampleClaims, tokenFor } from '../../test/session';
import { decodeAccessToken } from './token';
import { endSession, getQuickLoginTicket, getSession, lastSessionEnd, startSession } from './store';
import { installSession, renewSession } from './renew';

const HOUR = 3600_000;

afterEach(() => {
  vi.unstubAllGlobals();
  endSession('signout');
});

describe('the session (spec 000 §3, CONTRACT §4)', () => {
  it('reads the claims and the expiry out of the access token', () => {
    const decoded = decodeAccessToken(tokenFor({ fullname: 'Jimena Núñez' }));
    expect(decoded?.claims).toMatchObject({ ...sampleClaims, fullname: 'Jimena Núñez' });
    expect(decoded?.expiresAt).toBeGreaterThan(Date.now());
    expect(decodeAccessToken('no.es.jwt')).toBeNull();
  });

  it('keeps the token pair in localStorage', () => {
    const pair = pairFor();
    startSession(pair);
    expect(JSON.parse(localStorage.getItem('clinica.auth') ?? '{}')).toMatchObject(pair);
    expect(getSession()?.user.branch).toBe('Zona Río');
  });

  it('after an idle timeout keeps only what the PIN screen needs', () => {
    const pair = pairFor();
    startSession(pair, { remember: false });
    endSession('idle', '/dashboard/historial');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('clinica.auth')).toBeNull();
    expect(lastSessionEnd()).toBe('idle');
    expect(getQuickLoginTicket()).toEqual({
      refreshToken: pair.refresh_token,
      branchId: 2,
      fullname: 'Ana López Ruiz',
      username: 'ana@clinica.mx',
      photo: null,
      returnTo: '/dashboard/historial',
      expiresAt: expect.closeTo(Date.now() + 12 * HOUR, -3) as number,
    });
  });

  it('knows when the refresh token ends: 12 hours after the sign-in, 30 days with remember-me', () => {
    startSession(pairFor(), { remember: false });
    expect(getSession()?.refreshExpiresAt).toBeCloseTo(Date.now() + 12 * HOUR, -3);
    startSession(pairFor(), { remember: true });
    expect(getSession()?.refreshExpiresAt).toBeCloseTo(Date.now() + 30 * 24 * HOUR, -3);
  });

  it('a renewal and a quick login keep the end of the sign-in they continue (CONTRACT §4)', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T08:00:00Z'), toFake: ['Date'] });
    try {
      startSession(pairFor(), { remember: false });
      const end = Date.parse('2026-11-21T20:00:00Z');
      vi.setSystemTime(new Date('2026-11-21T09:00:00Z'));
      startSession(pairFor());
      expect(getSession()?.refreshExpiresAt).toBe(end);
      endSession('idle');
      expect(getQuickLoginTicket()?.expiresAt).toBe(end);
      startSession(pairFor());
      expect(getSession()?.refreshExpiresAt).toBe(end);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a quick-login ticket whose refresh token has expired is no ticket', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T08:00:00Z'), toFake: ['Date'] });
    try {
      startSession(pairFor(), { remember: false });
      endSession('idle');
      vi.setSystemTime(new Date('2026-11-21T19:59:00Z'));
      expect(getQuickLoginTicket()).not.toBeNull();
      vi.setSystemTime(new Date('2026-11-21T20:00:00Z'));
      expect(getQuickLoginTicket()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a sign-out leaves nothing behind', () => {
    startSession(pairFor());
    endSession('idle');
    endSession('signout');
    expect(getQuickLoginTicket()).toBeNull();
  });

  it('renews a token about to expire once, however many calls need it', async () => {
    installSession();
    startSession(pairFor({}, 30));
    const fresh = pairFor({}, 900);
    const fetchMock = vi.fn(async (url: string) =>
      url === '/v1/auth/refresh' ? envelopeResponse(200, fresh) : envelopeResponse(200, []),
    );
    vi.stubGlobal('fetch', fetchMock);
    await Promise.all([
      callApi(roleRoutes.list, {}),
      callApi(roleRoutes.modules, {}),
      renewSession(),
    ]);
    const refreshes = fetchMock.mock.calls.filter(([url]) => url === '/v1/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(getSession()?.token).toBe(fresh.token);
    const sent = fetchMock.mock.calls.find(([url]) => url === '/v1/role') as unknown as [
      string,
      RequestInit,
    ];
    expect((sent[1].headers as Record<string, string>).Authorization).toBe(`Bearer ${fresh.token}`);
  });

  it('a rejected refresh token ends the session', async () => {
    installSession();
    startSession(pairFor({}, 10));
    vi.stubGlobal('fetch', async () => envelopeResponse(422, undefined, 7));
    expect(await renewSession()).toBe(false);
    expect(getSession()).toBeNull();
  });

  it('a 401 signs the user out, except on /quick-login', async () => {
    installSession();
    vi.stubGlobal('fetch', async () => envelopeResponse(401, undefined, 0));
    startSession(pairFor());
    window.history.pushState({}, '', '/quick-login');
    await callApi(roleRoutes.list, {}).catch(() => undefined);
    expect(getSession()).not.toBeNull();
    window.history.pushState({}, '', '/dashboard/historial');
    await callApi(roleRoutes.list, {}).catch(() => undefined);
    expect(getSession()).toBeNull();
    configureApi({ getToken: async () => null, onUnauthorized: () => undefined });
  });
});
