import { messageFor } from '@clinica/domain';

export interface FieldError {
  field: string;
  message: string;
}

/**
 * An error of the catalogue: the one error handler renders it as the envelope with the
 * catalogue's Spanish text. Services throw these; no handler formats its own error body.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code = 0,
    readonly details?: FieldError[],
  ) {
    super(messageFor(status, code));
    this.name = 'AppError';
  }
}

/** A 400 that names the failing fields, as a validation error does. */
export function invalid(...details: FieldError[]): AppError {
  return new AppError(400, 0, details);
}

export const notFound = (code: number) => new AppError(404, code);
export const forbidden = () => new AppError(403, 0);
export const conflict = (code: number) => new AppError(409, code);

/** The SQLSTATE and constraint of a database error (Drizzle wraps the driver's error). */
export function databaseError(error: unknown): { code?: string; constraint?: string } {
  const candidates = [error, (error as { cause?: unknown })?.cause];
  for (const candidate of candidates) {
    if (candidate && typeof candidate === 'object' && 'code' in candidate) {
      const { code, constraint } = candidate as { code?: unknown; constraint?: unknown };
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
        return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
      }
    }
  }
  return {};
}

/**
 * Runs a write and turns a violated constraint into the catalogue error the caller names for it:
 * `whenViolated(() => insert…, { user_username_unique: conflict(19) })`.
 */
export async function whenViolated<T>(
  write: () => Promise<T>,
  errors: Record<string, AppError>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { constraint } = databaseError(error);
    const mapped = constraint ? errors[constraint] : undefined;
    throw mapped ?? error;
  }
}
