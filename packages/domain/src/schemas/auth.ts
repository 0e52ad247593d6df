import { z } from 'zod';
import { email, id, password, pin, requiredOr, text } from '../fields';
import { msg } from '../messages';

/**
 * A password as typed, never trimmed: spaces are part of it. A trimmed copy would let a password
 * with a leading or trailing space sign in but fail 'Contraseña actual', and tell matching
 * entries 'Las contraseñas no coinciden!'. `min` is a confirmation's length (spec 000 §5).
 */
function typedPassword(label: string, min?: number) {
  const schema = z
    .string({ error: requiredOr(label, msg.invalid(label)) })
    .min(1, msg.required(label));
  return min === undefined ? schema : schema.min(min, msg.min(label, min));
}

/** Sign-in (spec 000 §5, CONTRACT §4): branch required, username an e-mail, password required. */
export const signInBody = z.strictObject({
  branchId: id('Sucursal'),
  code: z
    .string()
    .trim()
    .max(10, msg.max('Código', 10))
    .nullish()
    .transform((value) => value || null),
  username: email('Usuario'),
  password: typedPassword('Contraseña'),
  remember: z
    .boolean({ error: msg.boolean('Recordarme') })
    .optional()
    .default(false),
});
export type SignInBody = z.input<typeof signInBody>;

export const tokenPair = z.object({ token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

export const refreshBody = z.strictObject({
  refreshToken: z
    .string({ error: requiredOr('Token de actualización', msg.invalid('Token de actualización')) })
    .min(1, msg.required('Token de actualización')),
});

export const quickLoginBody = z.strictObject({
  pin: pin(),
  refreshToken: refreshBody.shape.refreshToken,
  branchId: id('Sucursal'),
});
export const quickLoginAnswer = z.object({ userId: z.number().int(), payload: tokenPair });

export const signOutBody = refreshBody;

/** The super administrator moves the session to another branch without signing out. */
export const switchBranchBody = refreshBody.extend({ branchId: id('Sucursal') });

/** New password with its confirmation (spec 000 §5). */
export const changePasswordBody = z
  .strictObject({
    currentPassword: typedPassword('Contraseña actual'),
    password: password('Nueva contraseña'),
    passwordConfirm: typedPassword('Confirmar contraseña', 8),
  })
  .refine((body) => body.password === body.passwordConfirm, {
    path: ['passwordConfirm'],
    message: msg.passwordsDiffer,
  });

/** New PIN (`newPin`) and its confirmation (`pin`). */
export const resetPinBody = z
  .strictObject({
    currentPassword: typedPassword('Contraseña actual'),
    newPin: pin('Nuevo PIN'),
    pin: pin('Confirmar PIN'),
  })
  .refine((body) => body.newPin === body.pin, { path: ['pin'], message: msg.pinsDiffer });

export const resetPasswordBody = z.strictObject({ email: email('Correo electrónico') });

export const RESET_CODE_LENGTH = 6;

export const changePasswordCodeBody = z
  .strictObject({
    email: email('Correo electrónico'),
    code: text('Código', { length: RESET_CODE_LENGTH }).transform((value) => value.toUpperCase()),
    password: password('Nueva contraseña'),
    passwordConfirm: typedPassword('Confirmar contraseña', 8),
  })
  .refine((body) => body.password === body.passwordConfirm, {
    path: ['passwordConfirm'],
    message: msg.passwordsDiffer,
  });

/**
 * An invitation (issue 11): the link mailed to a new employee, `/forgot-password/{code}`, with a
 * 24-character single-use code of the reset codes' alphabet, valid 72 hours. Its length is what
 * tells it from a 6-character reset code.
 */
export const INVITATION_CODE_LENGTH = 24;
export const INVITATION_HOURS = 72;

export const invitationParams = z.strictObject({
  code: text('Código', { length: INVITATION_CODE_LENGTH }).transform((value) =>
    value.toUpperCase(),
  ),
});

/** Who the invitation is for, so the page greets them by name. */
export const invitationAnswer = z.object({ fullname: z.string(), username: z.string() });

/** The new employee's password and PIN, each typed twice. */
export const acceptInvitationBody = z
  .strictObject({
    password: password('Contraseña'),
    passwordConfirm: typedPassword('Confirmar contraseña', 8),
    pin: pin('PIN'),
    pinConfirm: pin('Confirmar PIN'),
  })
  .refine((body) => body.password === body.passwordConfirm, {
    path: ['passwordConfirm'],
    message: msg.passwordsDiffer,
  })
  .refine((body) => body.pin === body.pinConfirm, {
    path: ['pinConfirm'],
    message: msg.pinsDiffer,
  });

/** A resent invitation: where it went and until when it works. */
export const invitationSent = z.object({ sentTo: z.string(), expiresAt: z.string() });

export const checkInBody = z.strictObject({
  username: email('Usuario'),
  password: typedPassword('Contraseña'),
});
