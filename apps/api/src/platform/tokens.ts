import { existsSync, linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { ACCESS_TOKEN_MINUTES, sessionClaims, type SessionClaims } from '@clinica/domain';
import type { Database, Db } from '../db/client';
import { appSetting } from '../db/schema';
import { randomSecret } from './passwords';

const ISSUER = 'clinica-backoffice';
const KEY_FILE = 'jwt-secret';

/**
 * The signing key: JWT_SECRET when given. Otherwise one generated at first start: the embedded
 * database keeps it in a file of mode 0600 beside its data (not in a table, where every dump and
 * backup would carry it); in memory it lives as long as the data does. A server shared by several
 * processes keeps it in the database so they all agree, and `warn` says to set JWT_SECRET.
 */
export async function loadSigningKey(
  database: Database,
  configured: string | undefined,
  warn: (message: string) => void = () => undefined,
): Promise<Uint8Array> {
  const encode = (value: string) => new TextEncoder().encode(value);
  if (configured) return encode(configured);
  if (database.engine === 'postgres') {
    warn('JWT_SECRET no está definido: la llave de firma se guarda en la base de datos');
    return encode(await storedKey(database.db));
  }
  if (!database.dataDir) return encode(randomSecret(48));
  const [legacy] = await database.db
    .select()
    .from(appSetting)
    .where(eq(appSetting.key, 'jwt_secret'));
  const key = keyFile(join(database.dataDir, KEY_FILE), legacy?.value ?? randomSecret(48));
  if (legacy) await database.db.delete(appSetting).where(eq(appSetting.key, 'jwt_secret'));
  return encode(key);
}

/** The key in `path`, written there first when missing; linking makes two starts agree. */
function keyFile(path: string, candidate: string): string {
  if (!existsSync(path)) {
    const draft = `${path}.${process.pid}.${randomSecret(6)}`;
    writeFileSync(draft, candidate, { mode: 0o600 });
    try {
      linkSync(draft, path);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  return readFileSync(path, 'utf8').trim();
}

async function storedKey(db: Db): Promise<string> {
  await db
    .insert(appSetting)
    .values({ key: 'jwt_secret', value: randomSecret(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSetting).where(eq(appSetting.key, 'jwt_secret'));
  if (!row) throw new Error('No se pudo obtener la llave de firma');
  return row.value;
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

/**
 * What the server's own tokens always carry: a token without an expiry, or one that outlives 15
 * minutes, was not made by `signAccessToken` and is refused even when its signature holds.
 */
const lifetime = z
  .object({ iat: z.number().int(), exp: z.number().int(), sid: z.uuid() })
  .refine((times) => times.exp > times.iat && times.exp - times.iat <= ACCESS_TOKEN_MINUTES * 60);

/**
 * Tokens whose signature and claims were checked, per signing key: a client sends the same token
 * on every call for its 15 minutes, and checking the HMAC and the claims again (WebCrypto, zod)
 * was a tenth of a list request's time in Node. A remembered token still has its times checked
 * on each use; the session check (platform/session.ts) still reads the database, at most a second
 * before (its SessionChecks).
 */
const verified = new WeakMap<Uint8Array, Map<string, Remembered>>();
const REMEMBERED = 10_000;
interface Remembered {
  claims: AccessClaims;
  iat: number;
  exp: number;
  nbf: number | undefined;
}

/** The claims of a valid access token, or null when it is malformed, forged or expired. */
export async function verifyAccessToken(
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<AccessClaims | null> {
  const known = verified.get(key)?.get(token);
  if (known) {
    // jose's checks on the times: not expired, not issued in the future, not older than allowed.
    const seconds = Math.floor(now.getTime() / 1000);
    const fresh =
      known.exp > seconds &&
      known.iat <= seconds &&
      seconds - known.iat <= ACCESS_TOKEN_MINUTES * 60 &&
      (known.nbf === undefined || known.nbf <= seconds);
    return fresh ? known.claims : null;
  }
  const claims = await checkAccessToken(key, token, now);
  if (claims) {
    let tokens = verified.get(key);
    if (!tokens) verified.set(key, (tokens = new Map()));
    if (tokens.size >= REMEMBERED) tokens.clear();
    tokens.set(token, claims);
  }
  return claims?.claims ?? null;
}

async function checkAccessToken(
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<Remembered | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      requiredClaims: ['iat', 'exp', 'sid'],
      maxTokenAge: `${ACCESS_TOKEN_MINUTES}m`,
      currentDate: now,
    });
    const claims = sessionClaims.safeParse(payload);
    const times = lifetime.safeParse(payload);
    if (!claims.success || !times.success) return null;
    return {
      claims: { ...claims.data, sid: times.data.sid },
      iat: times.data.iat,
      exp: times.data.exp,
      nbf: typeof payload.nbf === 'number' ? payload.nbf : undefined,
    };
  } catch {
    return null;
  }
}
