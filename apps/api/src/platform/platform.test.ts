import { PassThrough } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { listQuery } from '@clinica/domain';
import { branch } from '../db/schema';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../test/harness';
import { planList, runList, type ListSpec } from './list';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) =>
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean)),
  );
  t = await createTestApp({ corsOrigins: ['https://pos.clinica.mx'] }, { stream });
  // A route that fails unexpectedly, to see what a 500 reveals.
  t.app.get('/v1/test/boom', { config: { public: true } }, async () => {
    throw new Error('detalle interno: tabla secreta');
  });
  // A route that forgot to say who may call it, and one that says two things.
  for (const config of [{}, { public: true, privilege: { resource: 'log', action: 'view' } }]) {
    try {
      t.app.get('/v1/test/undeclared', { config } as never, async () => 'abierta');
    } catch (error) {
      registrationErrors.push(error instanceof Error ? error.message : String(error));
    }
  }
});
const registrationErrors: string[] = [];
afterAll(async () => {
  await t.close();
});

describe('the envelope on every answer', () => {
  it('answers unknown routes with 404 in the envelope', async () => {
    const answer = await call(t.app, 'GET', '/v1/no-existe');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ statusCode: 404, code: 0, message: 'No se encontró el recurso' });
  });

  it('answers 500 without internals', async () => {
    const answer = await call(t.app, 'GET', '/v1/test/boom');
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ statusCode: 500, code: 0, message: 'Error en el Servidor' });
  });

  it('answers 413 for a body over 1 MB', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a@b.mx', password: 'x'.repeat(1_100_000), branchId: 1 }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      statusCode: 413,
      code: 0,
      message: 'La solicitud es demasiado grande (máximo 1 MB)',
    });
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 0,
      details: [{ field: 'body', message: 'El cuerpo de la solicitud no es un JSON válido' }],
    });
  });

  it('reports the database in GET /v1/health', async () => {
    const answer = await call<{ status: string; database: { ok: boolean; engine: string } }>(
      t.app,
      'GET',
      '/v1/health',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('ok');
    expect(answer.body.data.database.ok).toBe(true);
    expect(answer.body.data.database.engine).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'survives the server dropping its idle connections, and logs it',
    async () => {
      // Several connections at once, so the pool keeps idle ones after they finish.
      await Promise.all(
        Array.from({ length: 4 }, () => t.app.db.execute(sql`SELECT pg_sleep(0.05)`)),
      );
      await t.app.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      await expect
        .poll(() => logLines.some((line) => line.includes('conexión a la base de datos perdida')))
        .toBe(true);
      const answer = await call<{ database: { ok: boolean } }>(t.app, 'GET', '/v1/health');
      expect(answer.body.data.database.ok).toBe(true);
    },
  );
});

describe('validation messages are Spanish, even where a schema names none', () => {
  const english = /invalid|expected|received|required/i;
  const superAdmin = async () => (await signInAs(t.app, 'superAdmin')).token;

  it('names a missing body and a body that is not an object', async () => {
    const missing = await call(t.app, 'POST', '/v1/auth/sign-in');
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      statusCode: 400,
      code: 0,
      message: 'Datos inválidos',
      details: [
        { field: 'body', message: 'Falta el cuerpo de la solicitud: envía un objeto JSON' },
      ],
    });
    const list = await call(t.app, 'POST', '/v1/auth/sign-in', { body: [] });
    expect(list.status).toBe(400);
    expect(list.body.details).toEqual([
      { field: 'body', message: 'El cuerpo de la solicitud debe ser un objeto JSON' },
    ]);
    const noBody = await call(t.app, 'PUT', '/v1/role/6/update', { token: await superAdmin() });
    expect(noBody.body.details).toEqual([
      { field: 'body', message: 'Falta el cuerpo de la solicitud: envía un objeto JSON' },
    ]);
  });

  it('answers a missing privileges map on PUT /v1/role/{id}/update as a required field', async () => {
    const answer = await call(t.app, 'PUT', '/v1/role/6/update', {
      token: await superAdmin(),
      body: {},
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'privileges', message: 'El campo Privilegios es obligatorio' },
    ]);
  });

  it('answers a field of the wrong type with zod’s Spanish text', async () => {
    const answer = await call(t.app, 'PUT', '/v1/role/6/update', {
      token: await superAdmin(),
      body: { privileges: { cabain: 'view' } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      {
        field: 'privileges.cabain',
        message: 'Entrada inválida: se esperaba arreglo, recibido texto',
      },
    ]);
    for (const detail of answer.body.details ?? []) expect(detail.message).not.toMatch(english);
    const notAMap = await call(t.app, 'PUT', '/v1/role/6/update', {
      token: await superAdmin(),
      body: { privileges: ['cabain'] },
    });
    expect(notAMap.body.details).toEqual([
      {
        field: 'privileges',
        message: 'El campo Privilegios debe ser un objeto de recurso → lista de acciones',
      },
    ]);
  });
});

describe('headers', () => {
  it('sends the security headers and no-store on API answers', async () => {
    const answer = await call(t.app, 'GET', '/v1/health');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('allows only the origins of CORS_ORIGINS', async () => {
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/v1/health',
      headers: { origin: 'https://pos.clinica.mx' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://pos.clinica.mx');
    const other = await t.app.inject({
      method: 'GET',
      url: '/v1/health',
      headers: { origin: 'https://malicioso.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('compression of answers', () => {
  const get = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers });

  it('compresses a large JSON answer when the client accepts it, brotli first', async () => {
    const { token } = await signInAs(t.app, 'superAdmin');
    const authorization = `Bearer ${token}`;
    const plain = await get('/v1/role', { authorization });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/v1/role', { authorization, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await get('/v1/role', { authorization, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends a small answer as it is', async () => {
    const answer = await get('/v1/health', { 'accept-encoding': 'br, gzip' });
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.length).toBeLessThan(1024);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.json().statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('lists every /v1 route with its schemas, and a browsable page', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/v1/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>
      >;
    };
    for (const path of [
      '/v1/auth/sign-in',
      '/v1/auth/refresh',
      '/v1/auth/quick-login',
      '/v1/auth/change-password',
      '/v1/auth/reset-pin',
      '/v1/auth/reset-password',
      '/v1/auth/change-password-code',
      '/v1/auth/sign-out',
      '/v1/user/checkin',
      '/v1/role',
      '/v1/role/{id}/update',
      '/v1/module',
      '/v1/log',
      '/v1/branch/all',
      '/v1/department',
      '/v1/job-position',
      '/v1/color',
      '/v1/treatment-type',
      '/v1/product-type',
      '/v1/health',
    ]) {
      expect(document.paths[path], path).toBeDefined();
      expect(
        t.app.hasRoute({
          method:
            path === '/v1/role/{id}/update'
              ? 'PUT'
              : (Object.keys(document.paths[path]!)[0]!.toUpperCase() as 'GET'),
          url: path.replace('{id}', ':id'),
        }),
        path,
      ).toBe(true);
    }
    expect(document.paths['/v1/auth/sign-in']?.post?.requestBody).toBeDefined();
    expect(document.paths['/v1/auth/sign-in']?.post?.responses['200']).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url: '/v1/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('every /v1 route says who may call it', () => {
  it('declares exactly one of public, signedIn or privilege, for every registered route', async () => {
    const documented = (await t.app.inject({ method: 'GET', url: '/v1/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const registered = new Set(t.app.routeAccess.map((route) => `${route.method} ${route.url}`));
    // The table is complete: every documented operation is in it.
    for (const [path, operations] of Object.entries(documented.paths)) {
      for (const method of Object.keys(operations)) {
        const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        expect(registered.has(key), key).toBe(true);
      }
    }
    expect(t.app.routeAccess.length).toBeGreaterThan(60);
    for (const route of t.app.routeAccess) {
      expect(['public', 'signedIn', 'privilege'], `${route.method} ${route.url}`).toContain(
        route.access,
      );
    }
  });

  it('refuses at start-up a route that declares none, or more than one', async () => {
    expect(registrationErrors).toEqual([
      expect.stringContaining('GET /v1/test/undeclared debe declarar exactamente uno'),
      expect.stringContaining('(declara: public, privilege)'),
    ]);
    expect((await call(t.app, 'GET', '/v1/test/undeclared')).status).toBe(404);
  });

  it('keeps the lookups, roles, check-in and own-account routes open to any session only', async () => {
    const access = new Map(
      t.app.routeAccess.map((route) => [`${route.method} ${route.url}`, route.access]),
    );
    for (const route of [
      'GET /v1/role',
      'GET /v1/module',
      'GET /v1/department',
      'GET /v1/job-position',
      'GET /v1/color',
      'GET /v1/treatment-type',
      'GET /v1/product-type',
      'POST /v1/user/checkin',
      'PUT /v1/auth/change-password',
      'PUT /v1/auth/reset-pin',
      'GET /v1/user/doctors/',
      'GET /v1/user/cosmetologists/',
    ]) {
      expect(access.get(route), route).toBe('signedIn');
    }
    expect(access.get('GET /v1/branch/all')).toBe('public');
    expect(access.get('PUT /v1/role/:id/update')).toBe('privilege');
  });
});

describe('the OpenAPI document’s error answers', () => {
  type Operation = {
    responses: Record<string, { description: string; content?: Record<string, unknown> }>;
  };
  const document = async () =>
    (await t.app.inject({ method: 'GET', url: '/v1/docs/json' })).json() as {
      info: { description: string };
      paths: Record<string, Record<string, Operation>>;
    };

  it('documents 401 and 429 for sign-in, with the error envelope', async () => {
    const signIn = (await document()).paths['/v1/auth/sign-in']!.post!;
    expect(Object.keys(signIn.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '413',
      '429',
      '500',
    ]);
    expect(signIn.responses['429']?.description).toBe(
      'Demasiados intentos fallidos, intenta de nuevo en 15 minutos',
    );
    expect(JSON.stringify(signIn.responses['401']?.content)).toContain('statusCode');
  });

  it('documents the guard’s and the validation’s answers on every signed-in route', async () => {
    const { paths } = await document();
    expect(Object.keys(paths['/v1/role/{id}/update']!.put!.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '500',
    ]);
    expect(Object.keys(paths['/v1/department']!.get!.responses).sort()).toEqual([
      '200',
      '401',
      '500',
    ]);
    expect(paths['/v1/auth/refresh']!.post!.responses['422']).toBeDefined();
    // Every route answers 500 at worst; every route that needs a session answers 401.
    const access = new Map(
      t.app.routeAccess.map((route) => [`${route.method} ${route.url}`, route]),
    );
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        expect(operation.responses['500'], name).toBeDefined();
        if (access.get(name)?.access !== 'public')
          expect(operation.responses['401'], name).toBeDefined();
        if (access.get(name)?.access === 'privilege')
          expect(operation.responses['403'], name).toBeDefined();
      }
    }
  });

  it('carries the error catalogue in its description', async () => {
    const { info } = await document();
    expect(info.description).toContain('| estado | código | mensaje |');
    expect(info.description).toContain(
      '| 401 | 1 | El usuario no pertenece a la sucursal seleccionada |',
    );
    expect(info.description).toContain('| 422 | 7 | El token de actualización fue revocado |');
  });
});

describe('request logs', () => {
  it('never contain a password, PIN, token or reset code', async () => {
    const pair = await signInAs(t.app, 'medic');
    await call(t.app, 'POST', '/v1/auth/quick-login', {
      body: {
        pin: '1234',
        refreshToken: pair.refresh_token,
        branchId: await branchId(t.app, 'Zona Río'),
      },
    });
    await call(t.app, 'GET', '/v1/role', { token: pair.token });
    await t.app.inject({ method: 'GET', url: '/forgot-password/ABC123?token=secreto' });
    const text = logLines.join('\n');
    expect(text).toContain('/v1/auth/sign-in');
    for (const secret of ['Medico1234', pair.token, pair.refresh_token, 'ABC123', 'secreto']) {
      expect(text).not.toContain(secret);
    }
  });

  it('log no URL of a path no route matches, secrets or not', async () => {
    await t.app.inject({ method: 'GET', url: '/forgot-password/X7K9PQ' });
    await t.app.inject({ method: 'GET', url: '/pos?token=abc&branch=2' });
    const text = logLines.join('\n');
    for (const secret of ['X7K9PQ', 'token=', 'branch=2', '/pos']) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).toContain('(sin ruta)');
  });
});

describe('the list query (CONTRACT §3)', () => {
  const spec: ListSpec = {
    sortable: { name: branch.name, id: branch.id },
    defaultSort: 'id',
    searchable: { name: branch.name, city: branch.city },
    defaultSearch: ['name', 'city'],
    active: branch.active,
    deletedAt: branch.deletedAt,
    tieBreaker: branch.id,
  };
  let counts = 0;
  const list = async (query: Record<string, string>) => {
    const plan = planList(spec, listQuery.parse(query));
    return runList(plan, {
      rows: (p) =>
        t.app.db
          .select({ name: branch.name })
          .from(branch)
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset),
      count: async (where) => {
        counts += 1;
        return (await t.app.db.select({ n: count() }).from(branch).where(where))[0]!.n;
      },
    });
  };

  it('counts only when the page does not tell the total', async () => {
    counts = 0;
    // Not full: the last page, so the total is what came before it plus its rows.
    expect((await list({ take: '3', page: '2' })).meta).toMatchObject({
      itemCount: 4,
      pageCount: 2,
      hasNextPage: false,
    });
    expect((await list({ search: 'río' })).meta.itemCount).toBe(1);
    expect(counts).toBe(0);
    // Full, or past the end: counted.
    expect((await list({ take: '2' })).meta).toMatchObject({ itemCount: 4, hasNextPage: true });
    expect(await list({ take: '2', page: '9' })).toMatchObject({
      items: [],
      meta: { itemCount: 4, pageCount: 2 },
    });
    expect((await list({ search: 'nada así' })).meta.itemCount).toBe(0);
    expect(counts).toBe(3);
  });

  it('searches without regard to case or accents, by a named field or the defaults', async () => {
    expect(
      (await list({ search: JSON.stringify({ field: 'name', value: 'ZONA RIO' }) })).items,
    ).toEqual([{ name: 'Zona Río' }]);
    expect((await list({ search: JSON.stringify({ value: 'mexicali' }) })).items).toEqual([
      { name: 'Mexicali Centro' },
    ]);
    expect((await list({ search: 'río' })).items).toEqual([{ name: 'Zona Río' }]);
    expect((await list({ search: JSON.stringify({ value: '100%' }) })).items).toEqual([]);
  });

  it('pages with take capped at 100, and orders by a whitelisted field only', async () => {
    const page = await list({ take: '2', page: '2', order: 'ASC', field: 'name' });
    expect(page.items).toEqual([{ name: 'Playas de Tijuana' }, { name: 'Zona Río' }]);
    expect(page.meta).toEqual({
      page: 2,
      take: 2,
      itemCount: 4,
      pageCount: 2,
      hasPreviousPage: true,
      hasNextPage: false,
    });
    expect((await list({ take: '5000' })).meta.take).toBe(100);
    expect((await list({ limit: '3' })).meta.take).toBe(3);
    await expect(list({ field: 'rfc' })).rejects.toMatchObject({
      status: 400,
      details: [{ field: 'field' }],
    });
    await expect(
      list({ search: JSON.stringify({ field: 'rfc', value: 'x' }) }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('filters by status and hides soft-deleted rows unless withDeleted=true', async () => {
    await t.app.db.update(branch).set({ active: false }).where(eq(branch.name, 'Mexicali Centro'));
    await t.app.db
      .update(branch)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(branch.name, 'Playas de Tijuana'), isNull(branch.deletedAt)));
    expect((await list({ status: '0' })).items).toEqual([{ name: 'Mexicali Centro' }]);
    expect((await list({ status: '1' })).meta.itemCount).toBe(2);
    expect((await list({})).meta.itemCount).toBe(3);
    expect((await list({ withDeleted: 'true' })).meta.itemCount).toBe(4);
  });

  it('answers a 400 with details for a bad list query over HTTP', async () => {
    const { token } = await signInAs(t.app, 'superAdmin', 'CEDIS');
    const answer = await call(t.app, 'GET', '/v1/log', {
      token,
      query: { page: '0', order: 'SIDEWAYS' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'page', message: 'La página debe ser mayor a 0' },
      { field: 'order', message: 'El orden debe ser ASC o DESC' },
    ]);
  });
});
