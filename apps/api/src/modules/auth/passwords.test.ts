import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { mailOutbox, resetCode, user } from '../../db/schema';
import { minutes } from '../../platform/clock';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signIn = async (username: string, password: string, branch = 'Zona Río') =>
  call<{ token: string; refresh_token: string }>(t.app, 'POST', '/v1/auth/sign-in', {
    body: { branchId: await branchId(t.app, branch), username, password },
  });

/** The reset code in the newest message sent to an address. */
async function codeSentTo(address: string): Promise<string> {
  // The code is created and mailed after the answer (see requestPasswordReset).
  await t.app.background.settled();
  const [mail] = await t.app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, address))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = /es: ([A-Z0-9]{6})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`No hay código para ${address}`);
  return code;
}

describe('PUT /v1/auth/change-password', () => {
  it('answers 404 code 3 when the current password does not match', async () => {
    const { token } = await signInAs(t.app, 'medic');
    const answer = await call(t.app, 'PUT', '/v1/auth/change-password', {
      token,
      body: { currentPassword: 'Otra12345', password: 'Nueva12345', passwordConfirm: 'Nueva12345' },
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ statusCode: 404, code: 3, message: 'La contraseña no coincide' });
  });

  it('applies the password rules of spec 000 §5 with their messages', async () => {
    const { token } = await signInAs(t.app, 'medic');
    const mismatch = await call(t.app, 'PUT', '/v1/auth/change-password', {
      token,
      body: {
        currentPassword: 'Medico1234',
        password: 'Nueva12345',
        passwordConfirm: 'Nueva12346',
      },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.details).toEqual([
      { field: 'passwordConfirm', message: 'Las contraseñas no coinciden!' },
    ]);
    for (const weak of ['corta1A', 'sinmayuscula1', 'SINMINUSCULA1', 'SinNumeros']) {
      const answer = await call(t.app, 'PUT', '/v1/auth/change-password', {
        token,
        body: { currentPassword: 'Medico1234', password: weak, passwordConfirm: weak },
      });
      expect(answer.status, weak).toBe(400);
      expect(answer.body.details?.[0]?.field).toBe('password');
    }
  });

  it('changes the password (200 code 2), keeps this session and ends the others', async () => {
    const current = await signInAs(t.app, 'operationalManager');
    const other = await signInAs(t.app, 'operationalManager');
    const answer = await call(t.app, 'PUT', '/v1/auth/change-password', {
      token: current.token,
      body: {
        currentPassword: 'Operativo1234',
        password: 'Cambiada2026',
        passwordConfirm: 'Cambiada2026',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 2, message: 'Contraseña actualizada correctamente' });
    expect((await signIn('operativo@clinica.mx', 'Operativo1234')).status).toBe(401);
    expect((await signIn('operativo@clinica.mx', 'Cambiada2026')).status).toBe(200);
    expect((await call(t.app, 'GET', '/v1/role', { token: current.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/v1/role', { token: other.token })).status).toBe(401);
  });
});

describe('PUT /v1/auth/reset-pin', () => {
  it('changes the PIN (200 code 3) and quick login takes the new one', async () => {
    const pair = await signInAs(t.app, 'cosmetologist');
    const mismatch = await call(t.app, 'PUT', '/v1/auth/reset-pin', {
      token: pair.token,
      body: { currentPassword: 'Cosmetologa1234', newPin: '4321', pin: '4322' },
    });
    expect(mismatch.body.details).toEqual([{ field: 'pin', message: 'Los pines no coinciden!' }]);
    const answer = await call(t.app, 'PUT', '/v1/auth/reset-pin', {
      token: pair.token,
      body: { currentPassword: 'Cosmetologa1234', newPin: '4321', pin: '4321' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 3, message: 'PIN actualizado correctamente' });
    const quick = await call(t.app, 'POST', '/v1/auth/quick-login', {
      body: {
        pin: '4321',
        refreshToken: pair.refresh_token,
        branchId: await branchId(t.app, 'Zona Río'),
      },
    });
    expect(quick.status).toBe(200);
  });
});

describe('password reset by e-mailed code', () => {
  it('always answers 201 code 1, and sends a code only to an existing address', async () => {
    for (const email of ['gerente@clinica.mx', 'no-existe@clinica.mx']) {
      const answer = await call(t.app, 'POST', '/v1/auth/reset-password', { body: { email } });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        statusCode: 201,
        code: 1,
        message: 'Se envió un código a tu correo electrónico',
        data: null,
      });
    }
    expect(await codeSentTo('gerente@clinica.mx')).toMatch(/^[A-Z0-9]{6}$/);
    await t.app.background.settled();
    expect(
      await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'no-existe@clinica.mx')),
    ).toHaveLength(0);
  });

  it('sets the new password with the code once; a wrong, used or expired code is 404 code 21', async () => {
    await call(t.app, 'POST', '/v1/auth/reset-password', {
      body: { email: 'logistica@clinica.mx' },
    });
    const code = await codeSentTo('logistica@clinica.mx');
    const change = (c: string, password = 'Restablecida1') =>
      call(t.app, 'PUT', '/v1/auth/change-password-code', {
        body: { email: 'logistica@clinica.mx', code: c, password, passwordConfirm: password },
      });
    const wrong = await change(code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual({
      statusCode: 404,
      code: 21,
      message: 'El código no es válido o ya expiró',
    });
    const short = await change('ABC');
    expect(short.body.details).toContainEqual({ field: 'code', message: 'Longitud inválida' });
    const right = await change(code.toLowerCase());
    expect(right.status).toBe(200);
    expect(right.body.code).toBe(2);
    expect((await signIn('logistica@clinica.mx', 'Restablecida1', 'CEDIS')).status).toBe(200);
    expect((await change(code, 'OtraVez12345')).body.code).toBe(21);

    await call(t.app, 'POST', '/v1/auth/reset-password', {
      body: { email: 'logistica@clinica.mx' },
    });
    const late = await codeSentTo('logistica@clinica.mx');
    t.clock.advance(minutes(16));
    expect((await change(late, 'Tarde123456')).body.code).toBe(21);
  });

  it('mails at most 3 codes per account in 15 minutes, even to 6 requests sent at once; each answers alike', async () => {
    const email = 'operativo@clinica.mx';
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(t.app, 'POST', '/v1/auth/reset-password', { body: { email } }),
      ),
    );
    expect(new Set(answers.map((answer) => JSON.stringify([answer.status, answer.body])))).toEqual(
      new Set([JSON.stringify([201, answers[0]!.body])]),
    );
    expect(answers[0]!.body.code).toBe(1);
    await t.app.background.settled();
    const [account] = await t.app.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.username, email));
    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    const codes = await t.app.db
      .select()
      .from(resetCode)
      .where(and(eq(resetCode.userId, account!.id), eq(resetCode.purpose, 'reset')));
    expect(mails).toHaveLength(3);
    expect(codes).toHaveLength(3);
  });

  it('burns a code after 5 wrong guesses', async () => {
    t.clock.advance(minutes(30));
    await call(t.app, 'POST', '/v1/auth/reset-password', { body: { email: 'medico@clinica.mx' } });
    const code = await codeSentTo('medico@clinica.mx');
    const guess = code === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
    for (let i = 0; i < 5; i += 1) {
      await call(t.app, 'PUT', '/v1/auth/change-password-code', {
        body: {
          email: 'medico@clinica.mx',
          code: guess,
          password: 'Adivina12345',
          passwordConfirm: 'Adivina12345',
        },
      });
    }
    const right = await call(t.app, 'PUT', '/v1/auth/change-password-code', {
      body: {
        email: 'medico@clinica.mx',
        code,
        password: 'Adivina12345',
        passwordConfirm: 'Adivina12345',
      },
    });
    expect(right.body.code).toBe(21);
  });
});

describe('mail through SMTP_URL', () => {
  it('answers before the mail is delivered, then delivers it and marks the outbox row sent', async () => {
    // The SMTP server holds every message until released: a reset that waited for the mail
    // would answer a known address later than an unknown one (CONTRACT §4).
    const received: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(text);
          void released.then(() => done());
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    const smtp = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
    try {
      const answer = await Promise.race([
        call(smtp.app, 'POST', '/v1/auth/reset-password', { body: { email: 'admin@clinica.mx' } }),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 3_000)),
      ]);
      expect(answer?.status, 'the answer waited for the mail server').toBe(201);
      const [pending] = await smtp.app.db.select().from(mailOutbox);
      expect(pending?.sentAt ?? null).toBeNull();
      release();
      await smtp.app.background.settled();
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('admin@clinica.mx');
      const [row] = await smtp.app.db.select().from(mailOutbox);
      expect(row?.sentAt).not.toBeNull();
    } finally {
      release();
      await smtp.close();
      server.close();
    }
  });
});

describe('POST /v1/user/checkin', () => {
  it('records the arrival of a staff member of the branch, listed for managers', async () => {
    const desk = await signInAs(t.app, 'superAdmin');
    const answer = await call<{ user: { username: string }; branch: { name: string } }>(
      t.app,
      'POST',
      '/v1/user/checkin',
      {
        token: desk.token,
        body: { username: 'cosmetologa@clinica.mx', password: 'Cosmetologa1234' },
      },
    );
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      user: { username: 'cosmetologa@clinica.mx' },
      branch: { name: 'Zona Río' },
    });
    const manager = await signInAs(t.app, 'branchManager');
    const list = await call<{ items: { user: { username: string } }[] }>(
      t.app,
      'GET',
      '/v1/user/checkin',
      { token: manager.token },
    );
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((item) => item.user.username)).toContain(
      'cosmetologa@clinica.mx',
    );
  });

  it('answers 409 code 9 for wrong credentials and 409 code 8 for staff of another branch', async () => {
    const desk = await signInAs(t.app, 'superAdmin');
    const wrong = await call(t.app, 'POST', '/v1/user/checkin', {
      token: desk.token,
      body: { username: 'cosmetologa@clinica.mx', password: 'Equivocada1' },
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body).toEqual({ statusCode: 409, code: 9, message: 'Credenciales inválidas' });
    const foreign = await call(t.app, 'POST', '/v1/user/checkin', {
      token: desk.token,
      body: { username: 'franquicia@clinica.mx', password: 'Franquicia1234' },
    });
    expect(foreign.status).toBe(409);
    expect(foreign.body).toEqual({
      statusCode: 409,
      code: 8,
      message: 'Registro de entrada no autorizado',
    });
  });

  it('shows a franchisee only the arrivals at their own branch', async () => {
    const playas = await signInAs(t.app, 'superAdmin', 'Playas de Tijuana');
    await call(t.app, 'POST', '/v1/user/checkin', {
      token: playas.token,
      body: { username: 'franquicia@clinica.mx', password: 'Franquicia1234' },
    });
    const franchisee = await signInAs(t.app, 'franchisee');
    const list = await call<{ items: { branch: { name: string } }[] }>(
      t.app,
      'GET',
      '/v1/user/checkin',
      { token: franchisee.token },
    );
    expect(list.body.data.items.length).toBeGreaterThan(0);
    expect(new Set(list.body.data.items.map((item) => item.branch.name))).toEqual(
      new Set(['Playas de Tijuana']),
    );
  });
});
