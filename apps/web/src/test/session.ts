import type { Privileges, SessionClaims, TokenPair } from '@clinica/domain';
import { startSession } from '../shared/session/store';

function base64Url(value: object): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export const sampleClaims: SessionClaims = {
  userId: 7,
  username: 'ana@clinica.mx',
  fullname: 'Ana López Ruiz',
  privileges: {},
  branchId: 2,
  branch: 'Zona Río',
  role: 'Sucursal Gerente',
  path: 'inicio',
  quick_login: false,
  photo: null,
};

/** An access token shaped like the API's (unsigned: the browser never checks signatures). */
export function tokenFor(claims: Partial<SessionClaims> = {}, expiresInSeconds = 900): string {
  const payload = {
    ...sampleClaims,
    ...claims,
    exp: Math.floor(Date.now() / 1000) + expiresInSeconds,
  };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.firma`;
}

export function pairFor(claims: Partial<SessionClaims> = {}, expiresInSeconds = 900): TokenPair {
  return { token: tokenFor(claims, expiresInSeconds), refresh_token: `refresh-${Math.random()}` };
}

export function signInAs(privileges: Privileges, claims: Partial<SessionClaims> = {}) {
  return startSession(pairFor({ ...claims, privileges: privileges as Record<string, string[]> }));
}

/** A fetch answer in the API's envelope. */
export function envelopeResponse(status: number, data: unknown, code = 0, extra: object = {}) {
  return new Response(JSON.stringify({ statusCode: status, code, message: 'x', data, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A list answer (`{ items, meta }`) that holds every row on one page, as a small list does. */
export function onePage(items: unknown[], take = 100) {
  return {
    items,
    meta: {
      page: 1,
      take,
      itemCount: items.length,
      pageCount: items.length > 0 ? 1 : 0,
      hasPreviousPage: false,
      hasNextPage: false,
    },
  };
}
