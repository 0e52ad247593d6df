#!/usr/bin/env node
// `npm run bench` (the web part): what the browser downloads and how fast the screens become
// usable, on a production build served by the API as `npm start` serves it.
//
// - The JavaScript the sign-in screen and the dashboard load before they can be used (the entry,
//   the route's chunk and their static imports, from the Vite manifest): raw, and as it crosses
//   the wire (the brotli and gzip copies the build writes, asked for with Accept-Encoding).
// - Lighthouse (mobile, simulated slow 4G, cold: each screen in a new browser context) on the
//   sign-in page, the customers' /reservar (its own entry, publico.html), and on the home and
//   the agenda signed in as admin@clinica.mx, with Debian's
//   Chromium (CHROME_PATH, default /usr/bin/chromium).
//
//   node scripts/bench-web.mjs              build apps/web, then measure
//   node scripts/bench-web.mjs --no-build   measure the existing apps/web/dist
//   node scripts/bench-web.mjs --json FILE  also write the measurement as JSON
//   node scripts/bench-web.mjs --only agenda  measure only the screens whose name has that text
//   node scripts/bench-web.mjs --save DIR     also write each screen's Lighthouse report (JSON)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'apps/web/dist');
const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean' },
    json: { type: 'string' },
    only: { type: 'string' },
    save: { type: 'string' },
  },
});
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const TARGET_SCORE = 95;

const ALL_SCREENS = {
  'inicio de sesión (/login)': { url: '/login', modules: ['src/features/auth/LoginPage.tsx'] },
  // The customers' booking page (issue 29), its own entry (apps/web/publico.html).
  'reserva en línea (/reservar)': { url: '/reservar', entry: 'publico.html', modules: [] },
  // The home at its own path, as the dashboard's links and the start page redirect open it (`/`
  // sends a signed-in user there before the router starts: apps/web/src/main.tsx).
  'inicio (/dashboard/inicio)': {
    url: '/dashboard/inicio',
    modules: ['src/app/layout/DashboardLayout.tsx', 'src/features/home/HomePage.tsx'],
    signedIn: true,
  },
  'agenda (/dashboard/agenda)': {
    url: '/dashboard/agenda',
    modules: [
      'src/app/layout/DashboardLayout.tsx',
      'src/app/layout/RequirePrivilege.tsx',
      'src/features/agenda/AgendaPage.tsx',
    ],
    signedIn: true,
  },
};
const SCREENS = Object.fromEntries(
  Object.entries(ALL_SCREENS).filter(([name]) => !args.only || name.includes(args.only)),
);
/** The score each screen must reach (issue 24: the home and the agenda at least 90). */
const TARGETS = {
  'inicio de sesión (/login)': TARGET_SCORE,
  'reserva en línea (/reservar)': TARGET_SCORE,
  'inicio (/dashboard/inicio)': 90,
  'agenda (/dashboard/agenda)': 90,
};

if (!args['no-build']) {
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
}
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
// The back office's entry; a screen with an entry of its own names it (`entry`).
const entryKey = 'index.html';
function closure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}
const size = (file) => (existsSync(file) ? statSync(file).size : null);
const kb = (bytes) => (bytes === null ? '—' : `${(bytes / 1024).toFixed(1)} KB`);

async function freePort() {
  return new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** The server as `npm start` runs it, on the embedded database with the demo data. */
async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'clinica-bench-web-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const child = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'apps/api/src/main.ts')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // Up to four minutes: on a busy machine the embedded database and its demo data take long.
  for (let i = 0; i < 960; i += 1) {
    try {
      if ((await fetch(`${base}/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  return {
    base,
    stop: async () => {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const server = await startServer();
const report = { screens: {} };
try {
  // What the JavaScript of each screen weighs, and what crosses the wire for it.
  for (const [name, screen] of Object.entries(SCREENS)) {
    const keys = new Set(closure(screen.entry ?? entryKey));
    for (const module of screen.modules) closure(module, keys);
    const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
    let raw = 0;
    let gzip = 0;
    let brotli = 0;
    let wire = 0;
    /** Files of 1 KB or more sent as they are (smaller ones are not worth a compressed copy). */
    const uncompressed = [];
    const encodings = new Set();
    for (const file of files) {
      const bytes = readFileSync(join(dist, file));
      raw += bytes.length;
      gzip += size(join(dist, `${file}.gz`)) ?? gzipSync(bytes, { level: 9 }).length;
      brotli += size(join(dist, `${file}.br`)) ?? bytes.length;
      const response = await fetch(`${server.base}/${file}`, {
        headers: { 'accept-encoding': 'br, gzip' },
      });
      const body = await response.arrayBuffer();
      wire += Number(response.headers.get('content-length') ?? body.byteLength);
      const encoding = response.headers.get('content-encoding');
      encodings.add(encoding ?? 'ninguna (< 1 KB)');
      if (!encoding && bytes.length >= 1024) uncompressed.push(file);
    }
    report.screens[name] = {
      files: files.length,
      raw,
      gzip,
      brotli,
      wire,
      encodings: [...encodings],
      uncompressed,
    };
  }

  // Lighthouse, mobile (its default), performance only.
  const { default: lighthouse } = await import('lighthouse');
  const puppeteer = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  try {
    const branches = await (await fetch(`${server.base}/v1/branch/all`)).json();
    const signIn = await (
      await fetch(`${server.base}/v1/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          branchId: branches.data.find((branch) => branch.name === 'Zona Río').id,
          username: 'admin@clinica.mx',
          password: 'Admin1234',
        }),
      })
    ).json();
    for (const [name, screen] of Object.entries(SCREENS)) {
      // Cold: each screen in a browser context of its own (empty cache and storage). The signed-in
      // session is written before any page of the app loads (the sign-in page used to be opened
      // first for that, which left the entry chunks in the cache and read the home 70, not 52).
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      if (screen.signedIn) {
        // The session as the sign-in screen leaves it (apps/web/src/app/session/store.ts), stored
        // by a script that runs before the app's own on every document of the origin.
        await page.evaluateOnNewDocument((pair) => {
          try {
            if (localStorage.getItem('clinica.auth')) return;
            localStorage.setItem('clinica.auth', JSON.stringify(pair));
            localStorage.setItem('clinica.lastActivity', String(Date.now()));
          } catch {
            // about:blank, which Lighthouse opens first, has no storage.
          }
        }, signIn.data);
      }
      const result = await lighthouse(
        `${server.base}${screen.url}`,
        {
          onlyCategories: ['performance'],
          disableStorageReset: Boolean(screen.signedIn),
          logLevel: 'error',
        },
        undefined,
        page,
      );
      if (args.save) {
        mkdirSync(args.save, { recursive: true });
        const file = join(args.save, `${screen.url.replaceAll('/', '_') || 'root'}.json`);
        writeFileSync(file, JSON.stringify(result.lhr));
      }
      const audits = result.lhr.audits;
      const metric = (id) => audits[id]?.displayValue ?? '—';
      report.screens[name].lighthouse = {
        score: Math.round((result.lhr.categories.performance.score ?? 0) * 100),
        finalUrl: result.lhr.finalDisplayedUrl,
        // Why a run has no score (NO_FCP on a machine too busy to paint in time, …).
        error: result.lhr.runtimeError?.code,
        FCP: metric('first-contentful-paint'),
        LCP: metric('largest-contentful-paint'),
        TBT: metric('total-blocking-time'),
        CLS: metric('cumulative-layout-shift'),
        SI: metric('speed-index'),
        // What to look at next: the largest paint's element and the opportunities that cost most.
        lcpElement:
          audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
            ?.snippet,
        opportunities: Object.values(audits)
          .filter((audit) => audit.details?.type === 'opportunity' && (audit.numericValue ?? 0) > 0)
          .sort((a, b) => (b.numericValue ?? 0) - (a.numericValue ?? 0))
          .slice(0, 5)
          .map((audit) => `${audit.id} ${audit.displayValue ?? ''}`.trim()),
      };
      await context.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}

console.log('\nWeb (build de producción servido por la API; Lighthouse móvil, 4G lenta simulada):');
console.table(
  Object.fromEntries(
    Object.entries(report.screens).map(([name, screen]) => [
      name,
      {
        'JS archivos': screen.files,
        'JS sin comprimir': kb(screen.raw),
        'JS gzip': kb(screen.gzip),
        'JS brotli': kb(screen.brotli),
        'JS en la red': `${kb(screen.wire)} (${screen.encodings.join(', ')})`,
        Lighthouse: screen.lighthouse?.score,
        LCP: screen.lighthouse?.LCP,
        FCP: screen.lighthouse?.FCP,
        TBT: screen.lighthouse?.TBT,
        CLS: screen.lighthouse?.CLS,
      },
    ]),
  ),
);
const flags = [];
for (const [name, screen] of Object.entries(report.screens))
  if (screen.lighthouse && screen.lighthouse.score < TARGETS[name])
    flags.push(`⚠ Lighthouse de ${name} ${screen.lighthouse.score} < ${TARGETS[name]}`);
for (const [name, screen] of Object.entries(report.screens))
  if (screen.uncompressed.length > 0)
    flags.push(`⚠ ${name}: JS sin comprimir en la red: ${screen.uncompressed.join(', ')}`);
for (const [name, screen] of Object.entries(report.screens))
  if (screen.lighthouse)
    console.log(
      `  ${name}: Lighthouse midió ${screen.lighthouse.finalUrl}` +
        (screen.lighthouse.error ? ` (error: ${screen.lighthouse.error})` : '') +
        `; LCP: ${screen.lighthouse.lcpElement ?? '—'}; oportunidades: ${screen.lighthouse.opportunities.join(', ') || '—'}`,
    );
console.log(
  `Carga de la máquina al terminar: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`,
);
console.log(flags.length > 0 ? flags.join('\n') : 'Web: dentro de meta.');
if (args.json) writeFileSync(args.json, JSON.stringify(report, null, 2));
