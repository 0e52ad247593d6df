import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP minimum (19 MiB, 2 passes): ~10 ms a hash here.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, options);
}

/** A hash of a random secret, verified against when the user is unknown, so timing tells nothing. */
let decoy: Promise<string> | undefined;

/**
 * Checks a password or PIN against its stored hash. Without a stored hash it still spends the
 * same work on a decoy, so an unknown user answers as slowly as a wrong password.
 */
export async function verifySecret(
  stored: string | null | undefined,
  secret: string,
): Promise<boolean> {
  decoy ??= hashSecret(randomBytes(16).toString('hex'));
  const target = stored ?? (await decoy);
  try {
    const matches = await verify(target, secret);
    return stored ? matches : false;
  } catch {
    return false;
  }
}

/** SHA-256 for high-entropy tokens (refresh tokens, reset codes): fast look-up, never reversible. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A 6-character reset code without look-alike characters (0/O, 1/I). */
export function resetCodeValue(length = 6): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
