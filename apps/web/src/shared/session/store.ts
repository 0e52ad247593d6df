import {
  REFRESH_TOKEN_HOURS,
  REFRESH_TOKEN_REMEMBER_DAYS,
  type SessionClaims,
  type TokenPair,
} from '@clinica/domain';
import { decodeAccessToken } from './token';

/**
 * The session, kept in localStorage as the specification keeps it (spec 000 §3), shared by every
 * tab: a sign-out or an idle timeout in one tab ends the session in all of them.
 */

export interface Session {
  token: string;
  refreshToken: string;
  expiresAt: number;
  /**
   * When the refresh token's family ends (epoch ms; null when unknown): 12 hours after the
   * sign-in, 30 days with remember-me (CONTRACT §4). Renewals and quick logins keep it.
   */
  refreshExpiresAt: number | null;
  user: SessionClaims;
}

/** What the PIN screen needs after an idle timeout: whose session it was and where they were. */
export interface QuickLoginTicket {
  refreshToken: string;
  branchId: number;
  fullname: string;
  username: string;
  photo: string | null;
  returnTo: string | null;
  /** After this (epoch ms) the refresh token has expired and only a full sign-in helps. */
  expiresAt: number;
}

/** The token pair as kept in localStorage, with what the browser knows of the family's end. */
interface StoredAuth extends TokenPair {
  refreshExpiresAt?: number | null;
}

export type SessionEnd = 'idle' | 'signout';

export const STORAGE_KEYS = {
  auth: 'clinica.auth',
  quickLogin: 'clinica.quickLogin',
  end: 'clinica.sessionEnd',
} as const;

/** The idle timer's last activity (app/idle.ts), shared by the tabs; a session end forgets it. */
export const LAST_ACTIVITY_KEY = 'clinica.lastActivity';

const HOUR_MS = 3600_000;

function readJson<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function sessionFromPair(pair: StoredAuth): Session | null {
  const decoded = decodeAccessToken(pair.token);
  if (!decoded) return null;
  return {
    token: pair.token,
    refreshToken: pair.refresh_token,
    expiresAt: decoded.expiresAt,
    refreshExpiresAt: typeof pair.refreshExpiresAt === 'number' ? pair.refreshExpiresAt : null,
    user: decoded.claims,
  };
}

function loadSession(): Session | null {
  const pair = readJson<StoredAuth>(STORAGE_KEYS.auth);
  return pair?.token && pair.refresh_token ? sessionFromPair(pair) : null;
}

let current: Session | null = typeof localStorage === 'undefined' ? null : loadSession();
const listeners = new Set<() => void>();
const endHandlers = new Set<(reason: SessionEnd) => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-reads the session other tabs may have changed (used under the renewal lock). */
export function reloadSession(): Session | null {
  const next = loadSession();
  if (next?.token !== current?.token) {
    current = next;
    emit();
  }
  return current;
}

/**
 * Keeps a new token pair; answers null when the token does not carry a valid session. A sign-in
 * passes `remember` (it starts a new refresh-token family, whose end the browser can tell); a
 * renewal or a quick login rotates within the family, which keeps its end.
 */
export function startSession(pair: TokenPair, signIn?: { remember: boolean }): Session | null {
  const refreshExpiresAt = signIn
    ? Date.now() +
      (signIn.remember ? REFRESH_TOKEN_REMEMBER_DAYS * 24 * HOUR_MS : REFRESH_TOKEN_HOURS * HOUR_MS)
    : (current?.refreshExpiresAt ?? getQuickLoginTicket()?.expiresAt ?? null);
  const stored: StoredAuth = {
    token: pair.token,
    refresh_token: pair.refresh_token,
    refreshExpiresAt,
  };
  const session = sessionFromPair(stored);
  if (!session) return null;
  localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify(stored));
  localStorage.removeItem(STORAGE_KEYS.end);
  localStorage.removeItem(STORAGE_KEYS.quickLogin);
  current = session;
  emit();
  return session;
}

/** Registers state to forget when a session ends (lists, filters, previous paths). */
export function onSessionEnd(handler: (reason: SessionEnd) => void): () => void {
  endHandlers.add(handler);
  return () => endHandlers.delete(handler);
}

/**
 * Ends the session without calling the server. After an idle timeout the PIN screen still needs
 * the refresh token and branch, so those stay behind in a quick-login ticket; a sign-out leaves
 * nothing.
 */
export function endSession(reason: SessionEnd, returnTo: string | null = null): void {
  const session = current;
  localStorage.removeItem(STORAGE_KEYS.auth);
  if (reason === 'idle' && session) {
    const ticket: QuickLoginTicket = {
      refreshToken: session.refreshToken,
      branchId: session.user.branchId,
      fullname: session.user.fullname,
      username: session.user.username,
      photo: session.user.photo,
      returnTo,
      // A session whose family end is unknown (kept before the browser recorded it) is given the
      // shortest life a refresh token has.
      expiresAt: session.refreshExpiresAt ?? Date.now() + REFRESH_TOKEN_HOURS * HOUR_MS,
    };
    localStorage.setItem(STORAGE_KEYS.quickLogin, JSON.stringify(ticket));
  } else if (reason === 'signout') {
    localStorage.removeItem(STORAGE_KEYS.quickLogin);
  }
  localStorage.setItem(STORAGE_KEYS.end, reason);
  localStorage.removeItem(LAST_ACTIVITY_KEY);
  current = null;
  for (const handler of endHandlers) handler(reason);
  emit();
}

export function lastSessionEnd(): SessionEnd | null {
  const value = localStorage.getItem(STORAGE_KEYS.end);
  return value === 'idle' || value === 'signout' ? value : null;
}

/** The ticket the PIN screen can still use: none once its refresh token has expired. */
export function getQuickLoginTicket(): QuickLoginTicket | null {
  const ticket = readJson<QuickLoginTicket>(STORAGE_KEYS.quickLogin);
  if (!ticket || typeof ticket.expiresAt !== 'number' || ticket.expiresAt <= Date.now()) {
    return null;
  }
  return ticket;
}

export function dropQuickLoginTicket(): void {
  localStorage.removeItem(STORAGE_KEYS.quickLogin);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.auth) {
      const next = loadSession();
      if (next?.token === current?.token) return;
      const ended = current !== null && next === null;
      current = next;
      if (ended) for (const handler of endHandlers) handler(lastSessionEnd() ?? 'signout');
      emit();
    }
  });
}
