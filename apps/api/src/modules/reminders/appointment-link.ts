import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The customer's links (CONTRACT §15): `base64url({ a: id })` (an appointment, `/cita/{token}`)
 * or `base64url({ o: id })` (a waitlist offer, `/oferta/{token}`) + `.` + the base64url
 * HMAC-SHA256 of that part with the server's signing key. They have no expiry; what they may do is
 * decided by the record's state when they are used.
 */

const mac = (key: Uint8Array, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url');

type Claim = 'a' | 'o';

function tokenOf(key: Uint8Array, claim: Claim, id: number): string {
  const payload = Buffer.from(JSON.stringify({ [claim]: id })).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

/** The id a token names under `claim`, or null when it does not verify. */
function idOfToken(key: Uint8Array, claim: Claim, token: string): number | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const value = (
      JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
        string,
        unknown
      > | null
    )?.[claim];
    return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export const appointmentToken = (key: Uint8Array, appointmentId: number) =>
  tokenOf(key, 'a', appointmentId);

/** The appointment a token names, or null when it does not verify. */
export const appointmentOfToken = (key: Uint8Array, token: string) => idOfToken(key, 'a', token);

export const appointmentLink = (key: Uint8Array, appointmentId: number) =>
  `/cita/${appointmentToken(key, appointmentId)}`;

/** The link as a message carries it: the web app's address and the path. */
export const appointmentLinkOf = (
  app: { config: { appUrl: string }; signingKey: Uint8Array },
  appointmentId: number,
) => `${app.config.appUrl}${appointmentLink(app.signingKey, appointmentId)}`;

/** The waitlist offer a token names, or null when it does not verify. */
export const offerOfToken = (key: Uint8Array, token: string) => idOfToken(key, 'o', token);

export const offerLink = (key: Uint8Array, offerId: number) =>
  `/oferta/${tokenOf(key, 'o', offerId)}`;

export const offerLinkOf = (
  app: { config: { appUrl: string }; signingKey: Uint8Array },
  offerId: number,
) => `${app.config.appUrl}${offerLink(app.signingKey, offerId)}`;
