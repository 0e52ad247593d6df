import { SignJWT, jwtVerify } from 'jose';
import { eq } from 'drizzle-orm';
import { ACCESS_TOKEN_MINUTES, sessionClaims, type SessionClaims } from '@clinica/domain';
import type { Db } from '../db/client';
import { appSetting } from '../db/schema';
import { randomSecret } from './passwords';

const ISSUER = 'clinica-backoffice';

/**
 * The signing key: JWT_SECRET when given; otherwise one generated at first start and kept with
 * the data, so every process on the same database signs and verifies alike.
 */
export async function loadSigningKey(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(appSetting)
    .values({ key: 'jwt_secret', value: randomSecret(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSetting).where(eq(appSetting.key, 'jwt_secret'));
  if (!row) throw new Error('No se pudo obtener la llave de firma');
  return new TextEncoder().encode(row.value);
}

export interface AccessClaims extends SessionClaims {
  /** The refresh-token family this access token belongs to (sign-out, password change). */
  sid: string;
}

export async function signAccessToken(
  key: Uint8Array,
  claims: AccessClaims,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(String(claims.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_MINUTES * 60)
    .sign(key);
}

/** The claims of a valid access token, or null when it is malformed, forged or expired. */
export async function verifyAccessToken(
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
    });
    const claims = sessionClaims.safeParse(payload);
    if (!claims.success || typeof payload.sid !== 'string') return null;
    return { ...claims.data, sid: payload.sid };
  } catch {
    return null;
  }
}
