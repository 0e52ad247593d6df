import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The customer's link to an appointment (CONTRACT §15): `base64url({ a: id })` + `.` + the
 * base64url HMAC-SHA256 of that part with the server's signing key. It has no expiry; what it
 * may do is decided by the appointment's state when it is used.
 */

const mac = (key: Uint8Array, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url');

export function appointmentToken(key: Uint8Array, appointmentId: number): string {
  const payload = Buffer.from(JSON.stringify({ a: appointmentId })).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

/** The appointment a token names, or null when it does not verify. */
export function appointmentOfToken(key: Uint8Array, token: string): number | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { a } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { a?: unknown };
    return typeof a === 'number' && Number.isInteger(a) && a > 0 ? a : null;
  } catch {
    return null;
  }
}

export const appointmentLink = (key: Uint8Array, appointmentId: number) =>
  `/cita/${appointmentToken(key, appointmentId)}`;

/** The link as a message carries it: the web app's address and the path. */
export const appointmentLinkOf = (
  app: { config: { appUrl: string }; signingKey: Uint8Array },
  appointmentId: number,
) => `${app.config.appUrl}${appointmentLink(app.signingKey, appointmentId)}`;
