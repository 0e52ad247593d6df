import { configureApi, isApiError } from '../api/client';
import { notifyError } from '../notify';
import { endSession, getSession, reloadSession, startSession, subscribeSession } from './store';

/** Renew this long before the access token expires (it lives 15 minutes). */
export const RENEW_BEFORE_MS = 60_000;

let inflight: Promise<boolean> | null = null;

async function renewUnderLock(): Promise<boolean> {
  // Another tab may have renewed while this one waited for the lock: refresh tokens rotate and a
  // reused one revokes the whole family, so never spend the same one twice.
  const session = reloadSession();
  if (!session) return false;
  if (session.expiresAt - Date.now() > RENEW_BEFORE_MS) return true;
  try {
    const { refreshCall } = await import('./authCalls');
    const { data } = await refreshCall(session.refreshToken);
    return startSession(data) !== null;
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 422)) {
      endSession('signout');
      notifyError(error);
    }
    return false;
  }
}

/** Renews the token pair once, however many callers and tabs ask at the same time. */
export function renewSession(): Promise<boolean> {
  if (inflight) return inflight;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run: Promise<boolean> = locks
    ? locks.request('clinica-session-renewal', renewUnderLock).then((renewed) => renewed)
    : renewUnderLock();
  const pending = run.finally(() => {
    inflight = null;
  });
  inflight = pending;
  return pending;
}

async function freshToken(): Promise<string | null> {
  const session = getSession();
  if (!session) return null;
  if (session.expiresAt - Date.now() <= RENEW_BEFORE_MS) await renewSession();
  return getSession()?.token ?? null;
}

function signOutAfterUnauthorized(): void {
  // The PIN screen answers 401 for a wrong PIN; that is not a lost session (spec 000 §4).
  if (window.location.pathname === '/quick-login') return;
  if (getSession()) endSession('signout');
}

let renewalTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRenewal(): void {
  clearTimeout(renewalTimer);
  const session = getSession();
  if (!session) return;
  const wait = Math.max(0, session.expiresAt - RENEW_BEFORE_MS - Date.now());
  renewalTimer = setTimeout(() => void renewSession(), wait);
}

let installed = false;

/** Wires the API client to the session: tokens renewed before they expire, 401 signs out. */
export function installSession(): void {
  if (installed) return;
  installed = true;
  configureApi({ getToken: freshToken, onUnauthorized: signOutAfterUnauthorized });
  subscribeSession(scheduleRenewal);
  scheduleRenewal();
}
