import { sessionClaims, type SessionClaims } from '@clinica/domain';

export interface DecodedToken {
  claims: SessionClaims;
  /** Expiry in epoch milliseconds. */
  expiresAt: number;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the session out of the access token (spec 000 §3). The signature is the server's
 * business: the browser only needs the claims to draw the screen and the expiry to renew in time.
 */
export function decodeAccessToken(token: string): DecodedToken | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(decodeBase64Url(payload)) as Record<string, unknown>;
    const claims = sessionClaims.safeParse(json);
    if (!claims.success || typeof json.exp !== 'number') return null;
    return { claims: claims.data, expiresAt: json.exp * 1000 };
  } catch {
    return null;
  }
}
