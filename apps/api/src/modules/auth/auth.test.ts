import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { minutes, hours } from '../../platform/clock';
import * as passwords from '../../platform/passwords';
import {
  branchId,
  call,
  claimsOf,
  createTestApp,
  signInAs,
  type TestApp,
} from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signIn = async (body: Record<string, unknown>) =>
  call<{ token: string; refresh_token: string }>(t.app, 'POST', '/v1/auth/sign-in', { body });

describe('POST /v1/auth/sign-in', () => {
  it('answers the token pair whose claims are the session of spec 000 §3', async () => {
    const zonaRio = await branchId(t.app, 'Zona Río');
    const answer = await signIn({
      branchId: zonaRio,
      username: 'medico@clinica.mx',
      password: 'Medico1234',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ statusCode: 200, code: 0, message: 'Operación exitosa' });
    const claims = claimsOf(answer.body.data.token);
    expect(claims).toMatchObject({
      username: 'medico@clinica.mx',
      fullname: 'Jorge Martínez Ochoa',
      branchId: zonaRio,
      branch: 'Zona Río',
      role: 'Médico',
      quick_login: false,
      path: 'inicio',
      zone: 'America/Tijuana',
    });
    expect(claims.privileges).toHaveProperty('agenda');
    expect(claims).not.toHaveProperty('passwordHash');
    expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60);
    expect(answer.body.data.refresh_token).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
  });

  it('accepts the username in any case', async () => {
    const answer = await signIn({
      branchId: await branchId(t.app, 'Zona Río'),
      username: 'MEDICO@Clinica.MX',
      password: 'Medico1234',
    });
    expect(answer.status).toBe(200);
  });

  it('answers 401 code 2 for a wrong password and for an unknown user alike', async () => {
    const zonaRio = await branchId(t.app, 'Zona Río');
    const wrong = await signIn({
      branchId: zonaRio,
      username: 'cosmetologa@clinica.mx',
      password: 'Incorrecta1',
    });
    const unknown = await signIn({
      branchId: zonaRio,
      username: 'nadie@clinica.mx',
      password: 'Incorrecta1',
    });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        statusCode: 401,
        code: 2,
        message: 'Usuario o contraseña incorrectos',
      });
    }
  });

  it('answers 401 code 1 to a user signing in at a branch that is not theirs', async () => {
    const answer = await signIn({
      branchId: await branchId(t.app, 'Mexicali Centro'),
      username: 'gerente@clinica.mx',
      password: 'Gerente1234',
    });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe(1);
    expect(answer.body.message).toBe('El usuario no pertenece a la sucursal seleccionada');
  });

  it('answers 401 code 1 when the optional code does not match the branch', async () => {
    const answer = await signIn({
      branchId: await branchId(t.app, 'Zona Río'),
      code: 'XXXXXXXXXX',
      username: 'gerente@clinica.mx',
      password: 'Gerente1234',
    });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe(1);
    const right = await signIn({
      branchId: await branchId(t.app, 'Zona Río'),
      code: 'TIJZRIO001',
      username: 'gerente@clinica.mx',
      password: 'Gerente1234',
    });
    expect(right.status).toBe(200);
  });

  it('lets the super administrator sign in at every branch', async () => {
    for (const name of ['CEDIS', 'Zona Río', 'Playas de Tijuana', 'Mexicali Centro']) {
      const answer = await signIn({
        branchId: await branchId(t.app, name),
        username: 'admin@clinica.mx',
        password: 'Admin1234',
      });
      expect(answer.status, name).toBe(200);
      expect(claimsOf(answer.body.data.token).branch).toBe(name);
    }
  });

  it('lists every failing field in Spanish and rejects unknown fields', async () => {
    const answer = await signIn({ username: 'no-es-correo', password: '', extra: true });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(0);
    expect(answer.body.details).toEqual(
      expect.arrayContaining([
        { field: 'branchId', message: 'El campo Sucursal es obligatorio' },
        { field: 'username', message: 'El campo Usuario debe ser un correo electrónico válido' },
        { field: 'password', message: 'El campo Contraseña es obligatorio' },
        { field: 'extra', message: 'Campo no permitido' },
      ]),
    );
  });

  it('locks a username for 15 minutes after 5 failed passwords within 15 minutes (429)', async () => {
    const playas = await branchId(t.app, 'Playas de Tijuana');
    const attempt = (password: string) =>
      signIn({ branchId: playas, username: 'franquicia@clinica.mx', password });
    for (let i = 0; i < 4; i += 1) expect((await attempt('Mala12345')).status).toBe(401);
    t.clock.advance(minutes(5));
    expect((await attempt('Mala12345')).status).toBe(401);
    const locked = await attempt('Franquicia1234');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(
      'Demasiados intentos fallidos, intenta de nuevo en 15 minutos',
    );
    t.clock.advance(minutes(14));
    expect((await attempt('Franquicia1234')).status).toBe(429);
    t.clock.advance(minutes(2));
    expect((await attempt('Franquicia1234')).status).toBe(200);

    const actions = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.detail, 'franquicia@clinica.mx'))
      .orderBy(desc(auditLog.id));
    const names = actions.map((row) => row.action);
    expect(names.filter((name) => name === 'sign_in_failed')).toHaveLength(5);
    expect(names).toContain('locked');
    expect(names).toContain('locked_attempt');
  });

  it('does not lock when the failures are spread beyond 15 minutes', async () => {
    const playas = await branchId(t.app, 'Playas de Tijuana');
    for (let i = 0; i < 6; i += 1) {
      expect(
        (
          await signIn({
            branchId: playas,
            username: 'franquicia@clinica.mx',
            password: 'Mala12345',
          })
        ).status,
      ).toBe(401);
      t.clock.advance(minutes(4));
    }
    expect(
      (
        await signIn({
          branchId: playas,
          username: 'franquicia@clinica.mx',
          password: 'Franquicia1234',
        })
      ).status,
    ).toBe(200);
  });
});

describe('POST /v1/auth/refresh', () => {
  const refresh = (refreshToken: string) =>
    call<{ token: string; refresh_token: string }>(t.app, 'POST', '/v1/auth/refresh', {
      body: { refreshToken },
    });

  it('rotates: a new pair each time, and the old refresh token never works again', async () => {
    const first = await signInAs(t.app, 'branchManager');
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.data.refresh_token).not.toBe(first.refresh_token);
    const third = await refresh(second.body.data.refresh_token);
    expect(third.status).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again (422 code 7)', async () => {
    const first = await signInAs(t.app, 'branchManager');
    const second = await refresh(first.refresh_token);
    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(422);
    expect(reuse.body).toEqual({
      statusCode: 422,
      code: 7,
      message: 'El token de actualización fue revocado',
    });
    // The thief's use revoked the legitimate successor too, and its access token.
    expect((await refresh(second.body.data.refresh_token)).body.code).toBe(7);
    expect((await call(t.app, 'GET', '/v1/role', { token: second.body.data.token })).status).toBe(
      401,
    );
  });

  it('answers 422 codes 4, 5 and 6 for malformed, expired and unknown tokens', async () => {
    expect((await refresh('no-es-un-token')).body.code).toBe(4);
    const pair = await signInAs(t.app, 'branchManager');
    const [id] = pair.refresh_token.split('.');
    expect((await refresh(`${id}.${'A'.repeat(43)}`)).body.code).toBe(6);
    expect(
      (await refresh(`00000000-0000-4000-8000-000000000000.${'A'.repeat(43)}`)).body.code,
    ).toBe(6);
    t.clock.advance(hours(12) + minutes(1));
    const expired = await refresh(pair.refresh_token);
    expect(expired.status).toBe(422);
    expect(expired.body.code).toBe(5);
  });

  it('keeps a remembered session for 30 days', async () => {
    const answer = await signIn({
      branchId: await branchId(t.app, 'Zona Río'),
      username: 'gerente@clinica.mx',
      password: 'Gerente1234',
      remember: true,
    });
    t.clock.advance(hours(24 * 29));
    expect((await refresh(answer.body.data.refresh_token)).status).toBe(200);
  });
});

describe('POST /v1/auth/sign-out', () => {
  it('revokes the refresh token and the access tokens of that sign-in', async () => {
    const pair = await signInAs(t.app, 'operationalManager');
    expect((await call(t.app, 'GET', '/v1/role', { token: pair.token })).status).toBe(200);
    const out = await call(t.app, 'POST', '/v1/auth/sign-out', {
      body: { refreshToken: pair.refresh_token },
    });
    expect(out.status).toBe(200);
    expect(
      (
        await call(t.app, 'POST', '/v1/auth/refresh', {
          body: { refreshToken: pair.refresh_token },
        })
      ).body.code,
    ).toBe(7);
    const after = await call(t.app, 'GET', '/v1/role', { token: pair.token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({
      statusCode: 401,
      code: 0,
      message: 'Tu sesión expiró, inicia sesión de nuevo',
    });
  });
});

describe('POST /v1/auth/quick-login', () => {
  it('signs the refresh token owner in with their PIN', async () => {
    const pair = await signInAs(t.app, 'cosmetologist');
    const zonaRio = await branchId(t.app, 'Zona Río');
    const answer = await call<{
      userId: number;
      payload: { token: string; refresh_token: string };
    }>(t.app, 'POST', '/v1/auth/quick-login', {
      body: { pin: 1234, refreshToken: pair.refresh_token, branchId: zonaRio },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.userId).toBe(claimsOf(pair.token).userId);
    expect(claimsOf(answer.body.data.payload.token).quick_login).toBe(true);
  });

  it('revokes the refresh token after 5 wrong PINs, so a full sign-in is needed', async () => {
    const pair = await signInAs(t.app, 'cosmetologist');
    const zonaRio = await branchId(t.app, 'Zona Río');
    const quick = (pin: string) =>
      call(t.app, 'POST', '/v1/auth/quick-login', {
        body: { pin, refreshToken: pair.refresh_token, branchId: zonaRio },
      });
    const left: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const wrong = await quick('9999');
      expect(wrong.status).toBe(401);
      expect(wrong.body.code).toBe(2);
      left.push(wrong.body.details?.[0]?.message ?? '');
    }
    // Each wrong PIN says, on the field, how many tries are left (issue 11 item 7).
    expect(left).toEqual([
      'PIN incorrecto. Te quedan 4 intentos.',
      'PIN incorrecto. Te quedan 3 intentos.',
      'PIN incorrecto. Te quedan 2 intentos.',
      'PIN incorrecto. Te queda 1 intento.',
      'PIN incorrecto. Sin intentos: inicia sesión con tu contraseña.',
    ]);
    const right = await quick('1234');
    expect(right.status).toBe(422);
    expect(right.body.code).toBe(7);
  });

  it('validates the PIN as exactly 4 digits', async () => {
    const answer = await call(t.app, 'POST', '/v1/auth/quick-login', {
      body: { pin: '12a', refreshToken: 'x', branchId: 1 },
    });
    expect(answer.status).toBe(400);
    // Length from the label and the limit (spec 000 §5), digits-only said apart.
    expect(answer.body.details).toEqual(
      expect.arrayContaining([
        { field: 'pin', message: 'El campo PIN debe tener exactamente 4 caracteres' },
        { field: 'pin', message: 'El campo PIN solo admite dígitos' },
      ]),
    );
  });
});

describe('sign-in failures cannot be told apart by timing (CONTRACT §4)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('spends exactly one password verification on every path', async () => {
    const zonaRio = await branchId(t.app, 'Zona Río');
    const mexicali = await branchId(t.app, 'Mexicali Centro');
    const paths: [string, Record<string, unknown>, number, number][] = [
      [
        'success',
        { branchId: zonaRio, username: 'medico@clinica.mx', password: 'Medico1234' },
        200,
        0,
      ],
      [
        'wrong branch',
        { branchId: mexicali, username: 'medico@clinica.mx', password: 'Medico1234' },
        401,
        1,
      ],
      [
        'wrong branch code',
        {
          branchId: zonaRio,
          code: 'XXXXXXXXXX',
          username: 'medico@clinica.mx',
          password: 'Medico1234',
        },
        401,
        1,
      ],
      [
        'unknown branch',
        { branchId: 999_999, username: 'medico@clinica.mx', password: 'Medico1234' },
        401,
        1,
      ],
      [
        'wrong password',
        { branchId: zonaRio, username: 'medico@clinica.mx', password: 'Incorrecta1' },
        401,
        2,
      ],
      [
        'unknown user',
        { branchId: zonaRio, username: 'nadie@clinica.mx', password: 'Incorrecta1' },
        401,
        2,
      ],
    ];
    for (const [name, body, status, code] of paths) {
      const verify = vi.spyOn(passwords, 'verifySecret');
      const answer = await signIn(body);
      expect(answer.status, name).toBe(status);
      expect(answer.body.code, name).toBe(code);
      expect(verify, name).toHaveBeenCalledTimes(1);
      vi.restoreAllMocks();
    }
  });
});
