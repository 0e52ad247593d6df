import { describe, expect, it } from 'vitest';
import {
  changePasswordBody,
  changePasswordCodeBody,
  checkInBody,
  quickLoginBody,
  resetPinBody,
  signInBody,
} from './schemas/auth';
import { pin } from './fields';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('a password is kept as typed, spaces included (spec 000 §5)', () => {
  const spaced = ' Clinica2026 ';

  it('signs in and checks in with the spaces', () => {
    const signIn = signInBody.parse({ branchId: 1, username: 'ana@clinica.mx', password: spaced });
    expect(signIn.password).toBe(spaced);
    expect(checkInBody.parse({ username: 'ana@clinica.mx', password: spaced }).password).toBe(
      spaced,
    );
  });

  it("sends 'Contraseña actual' with its spaces, to be checked like the sign-in's", () => {
    const body = { password: 'Nueva2026', passwordConfirm: 'Nueva2026' };
    expect(changePasswordBody.parse({ ...body, currentPassword: spaced }).currentPassword).toBe(
      spaced,
    );
    const pinChange = resetPinBody.parse({ currentPassword: spaced, newPin: '4321', pin: '4321' });
    expect(pinChange.currentPassword).toBe(spaced);
  });

  it("a new password with a space and its matching confirmation are not 'Las contraseñas no coinciden!'", () => {
    const change = changePasswordBody.safeParse({
      currentPassword: 'Actual1234',
      password: spaced,
      passwordConfirm: spaced,
    });
    expect(messages(change)).toEqual([]);
    expect(change.data?.password).toBe(spaced);
    const reset = changePasswordCodeBody.safeParse({
      email: 'ana@clinica.mx',
      code: 'abc123',
      password: spaced,
      passwordConfirm: spaced,
    });
    expect(messages(reset)).toEqual([]);
  });

  it('a confirmation differing only by a space does not match', () => {
    const change = changePasswordBody.safeParse({
      currentPassword: 'Actual1234',
      password: 'Clinica2026',
      passwordConfirm: 'Clinica2026 ',
    });
    expect(messages(change)).toEqual([['passwordConfirm', 'Las contraseñas no coinciden!']]);
  });

  it('current password and confirmation stay required, the confirmation at least 8', () => {
    expect(
      messages(
        changePasswordBody.safeParse({ password: 'Clinica2026', passwordConfirm: 'Corta1' }),
      ),
    ).toEqual([
      ['currentPassword', 'El campo Contraseña actual es obligatorio'],
      ['passwordConfirm', 'El campo Confirmar contraseña requiere mínimo 8 caracteres'],
    ]);
    expect(
      messages(resetPinBody.safeParse({ currentPassword: '', newPin: '1234', pin: '1234' })),
    ).toEqual([['currentPassword', 'El campo Contraseña actual es obligatorio']]);
  });
});

describe('the PIN length message is built from the label and the limit (spec 000 §5)', () => {
  it('names the field it is about', () => {
    expect(messages(pin().safeParse('123'))).toEqual([
      ['', 'El campo PIN debe tener exactamente 4 caracteres'],
    ]);
    const result = resetPinBody.safeParse({ currentPassword: 'x', newPin: '12', pin: '12' });
    expect(messages(result)).toEqual([
      ['newPin', 'El campo Nuevo PIN debe tener exactamente 4 caracteres'],
      ['pin', 'El campo Confirmar PIN debe tener exactamente 4 caracteres'],
    ]);
  });

  it('says apart that a PIN holds only digits', () => {
    expect(messages(pin('Nuevo PIN').safeParse('12a4'))).toEqual([
      ['', 'El campo Nuevo PIN solo admite dígitos'],
    ]);
    expect(
      messages(quickLoginBody.safeParse({ pin: '12a', refreshToken: 'x', branchId: 1 })),
    ).toEqual([
      ['pin', 'El campo PIN debe tener exactamente 4 caracteres'],
      ['pin', 'El campo PIN solo admite dígitos'],
    ]);
  });

  it('an empty PIN is only required', () => {
    expect(messages(pin('Confirmar PIN').safeParse(''))).toEqual([
      ['', 'El campo Confirmar PIN es obligatorio'],
    ]);
    expect(messages(pin().safeParse(undefined))).toEqual([['', 'El campo PIN es obligatorio']]);
  });
});
