import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/client';
import { createTestApp, type TestApp } from './test/harness';

/** A built web app as `npm run build` leaves it: hashed assets with their compressed copies. */
const webDist = mkdtempSync(join(tmpdir(), 'clinica-web-'));
const script = `console.log(${JSON.stringify('clínica '.repeat(400))});`;
const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body></body></html>';
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), indexHtml);
const publicHtml = '<!doctype html><html><head><title>Reserva tu cita</title></head></html>';
writeFileSync(join(webDist, 'publico.html'), publicHtml);
writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(join(webDist, 'assets/index-Ab12Cd34.js'), script);
writeFileSync(join(webDist, 'assets/index-Ab12Cd34.js.br'), brotliCompressSync(script));
writeFileSync(join(webDist, 'assets/index-Ab12Cd34.js.gz'), gzipSync(script));
// What each dashboard section's first paint needs beyond the entry (apps/web/routePreloads.ts).
mkdirSync(join(webDist, '.vite'));
writeFileSync(
  join(webDist, '.vite/preload.json'),
  JSON.stringify({
    dashboard: ['assets/DashboardLayout-Xy.js', 'assets/DashboardLayout-Xy.css'],
    sections: {
      agenda: ['assets/DashboardLayout-Xy.js', 'assets/AgendaPage-Zw.js'],
      roto: ['assets/x.js"><script>alert(1)</script>'],
    },
  }),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
  });

describe('the built web app', () => {
  it('sends a hashed asset precompressed, brotli first, cached for a year', async () => {
    const brotli = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(script);
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 10);

    const gzip = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(script);

    const plain = await get('/assets/index-Ab12Cd34.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('never caches index.html, at / and at a client-side route', async () => {
    for (const url of ['/', '/login', '/index.html']) {
      const answer = await get(url, 'br');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.body).toBe(indexHtml);
    }
    const favicon = await get('/favicon.svg', 'br');
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it("names a dashboard section's first-paint files in its index.html, as links", async () => {
    const agenda = await get('/dashboard/agenda/crear?date=2026-11-28', 'br');
    expect(agenda.statusCode).toBe(200);
    expect(agenda.headers['content-type']).toMatch(/text\/html/);
    expect(agenda.headers['cache-control']).toBe('no-cache');
    expect(agenda.body).toBe(
      indexHtml.replace(
        '</head>',
        '  <link rel="modulepreload" crossorigin href="/assets/DashboardLayout-Xy.js">\n' +
          '    <link rel="modulepreload" crossorigin href="/assets/AgendaPage-Zw.js">\n  </head>',
      ),
    );
    // A path under /dashboard without a section of its own gets the layout's files.
    const other = await get('/dashboard/no-existe/1');
    expect(other.body).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/DashboardLayout-Xy.css">',
    );
    // A name that is not a plain asset path is never written into the page.
    expect((await get('/dashboard/roto')).body).toBe(indexHtml);
    // Outside the dashboard the file goes as it is.
    expect((await get('/login')).body).toBe(indexHtml);
  });

  it('names them for after the first paint where the boot frame draws it (BOOT_FRAME_PATHS)', async () => {
    // The frame paints from the stylesheets and the boot script; the app's modules are asked for
    // by the boot script once it has painted (apps/web/src/boot/boot.ts), not with the page.
    for (const path of [
      '/dashboard/agenda?date=2026-11-28',
      '/dashboard/agenda/',
      '/dashboard/inicio',
    ]) {
      const page = await get(path);
      expect(page.body).not.toContain('modulepreload');
      expect(page.body).toContain(
        '<link rel="app-module" crossorigin href="/assets/DashboardLayout-Xy.js">',
      );
    }
  });

  it('answers the public pages with their own light page (publico.html), never cached', async () => {
    for (const url of ['/reservar', '/reservar/', '/reservar?sucursal=1', '/cita/abc.def']) {
      const answer = await get(url, 'br');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/text\/html/);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.body).toBe(publicHtml);
    }
    // Anything else is the back office's page.
    for (const url of ['/cita', '/cita/a/b', '/reservarx', '/dashboard/reservar'])
      expect((await get(url)).body).not.toBe(publicHtml);
  });

  it('does not serve the compressed copies by their own names', async () => {
    const answer = await get('/assets/index-Ab12Cd34.js.br');
    expect(answer.headers['content-type']).toMatch(/html/);
    expect(answer.body).toBe(indexHtml);
  });
});

describe('the embedded database off the server thread', () => {
  it('answers a static file while a slow query runs', async () => {
    const database = await openDatabase({});
    const app = await buildApp({
      config: { ...readConfig({}), webDist },
      database,
      logger: false,
    });
    try {
      let finished = false;
      const started = performance.now();
      // Seconds of work for PGlite's WebAssembly: on the server's thread it would stall everything.
      const slow = database.db
        .execute(sql`SELECT count(*) FROM generate_series(1, 1500000)`)
        .finally(() => (finished = true));
      await new Promise((next) => setTimeout(next, 50));
      const before = performance.now();
      const favicon = await app.inject({ method: 'GET', url: '/favicon.svg' });
      const faviconMs = performance.now() - before;
      expect(favicon.statusCode).toBe(200);
      expect(finished).toBe(false);
      expect(faviconMs).toBeLessThan(250);
      await slow;
      // The query did take long: the favicon did not just come before it started.
      expect(performance.now() - started).toBeGreaterThan(faviconMs * 4);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('answers /v1/health while a slow query runs, and with a SELECT 1 once it is done', async () => {
    const database = await openDatabase({});
    const app = await buildApp({
      config: { ...readConfig({}), webDist },
      database,
      logger: false,
    });
    try {
      // Once before, so the route's first-call costs are not counted.
      expect((await app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
      let finished = false;
      const started = performance.now();
      const slow = database.db
        .execute(sql`SELECT count(*) FROM generate_series(1, 1500000)`)
        .finally(() => (finished = true));
      await new Promise((next) => setTimeout(next, 50));
      const before = performance.now();
      const health = await app.inject({ method: 'GET', url: '/v1/health' });
      const healthMs = performance.now() - before;
      expect(health.statusCode).toBe(200);
      expect(health.json().data.database).toMatchObject({ engine: 'pglite', ok: true });
      expect(finished).toBe(false);
      expect(healthMs).toBeLessThan(250);
      await slow;
      expect(performance.now() - started).toBeGreaterThan(healthMs * 4);
      const idle = await app.inject({ method: 'GET', url: '/v1/health' });
      expect(idle.json().data.database.ok).toBe(true);
    } finally {
      await app.close();
    }
    // A closed database is reported down.
    expect(await database.ping()).toBe(false);
  }, 60_000);
});
