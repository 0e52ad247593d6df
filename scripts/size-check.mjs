#!/usr/bin/env node
// Measures the JavaScript each screen loads before it can be used: the entry chunk, the route's
// chunks, and everything they import statically, gzip-compressed, from the Vite manifest of a
// production build. Fails above a screen's budget (issue 3: the public screens under 200 KB gzip;
// issue 24: the home and the agenda, a phone's first screens after sign-in; issue 29: the
// customers' /reservar and /cita pages, their own entry, under 150 KB), or when a public screen
// would load any dashboard code.
// Also fails when a chunk other than exceljs's goes over 800 KB minified, or when any chunk imports
// exceljs statically: exceljs (~930 KB) is loaded only when a file is exported (apps/web/vite.config.ts
// says why its limit is higher).
//
//   node scripts/size-check.mjs            build apps/web, then measure
//   node scripts/size-check.mjs --no-build measure the existing apps/web/dist
//   node scripts/size-check.mjs --json     also print the measurement as JSON
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
/** Minified size above which a chunk is too big, as Vite's own warning used to say (issue 22). */
const CHUNK_LIMIT_KB = 800;
/** The one chunk allowed above it, because only an export loads it. */
const EXPORT_ONLY = /(^|\/)node_modules\/exceljs\//;
/**
 * The home and the agenda's first paint (issue 24): the JavaScript before the greeting or the
 * page's header can paint. 451 and 560 KB over 64 and 82 files when first measured; 258 and
 * 253 KB over 30 and 29 once the shell and the pages painted their frame and heading first and
 * their widgets (antd's menu, cards, pickers, tables, dialogs) loaded after that paint. A screen
 * that grows past them must move what it does not need for its first paint behind it instead.
 * 252 and 254 KB over 23 and 25 files once the shell's own modules came as one chunk
 * (apps/web/shellChunk.ts) and the home's greeting stopped importing the catalogue's routes.
 */
/**
 * The customers' public pages (issue 29: /reservar and /cita/{token}), their own entry
 * (apps/web/publico.html, src/booking): plain React and the API client, 113 KB gzip when first
 * measured. They load on a customer's phone over a mobile link, so their budget is tighter.
 */
const PUBLIC_PAGES_BUDGET_KB = 150;
const PUBLIC_PAGES_ENTRY = 'publico.html';
const HOME_BUDGET_KB = 256;
const AGENDA_BUDGET_KB = 258;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const args = new Set(process.argv.slice(2));

/** Each public screen and the route module it loads. */
const SCREENS = {
  '/login': 'src/features/auth/LoginPage.tsx',
  '/quick-login': 'src/features/auth/QuickLoginPage.tsx',
  '/forgot-password': 'src/features/auth/ForgotPasswordPage.tsx',
};
/** Route modules only signed-in users need; none may be part of a public screen's load. */
const DASHBOARD_MODULES = [
  'src/app/layout/DashboardLayout.tsx',
  'src/features/home/HomePage.tsx',
  'src/features/history/HistoryPage.tsx',
  'src/features/roles/RolesPage.tsx',
  'src/features/roles/RoleEditorPage.tsx',
];

/**
 * Signed-in screens: the route modules the router loads for them (the dashboard's layout, the
 * section's guard, the page) and their budget in KB gzip.
 */
const SIGNED_IN_SCREENS = {
  '/dashboard/inicio': {
    modules: ['src/app/layout/DashboardLayout.tsx', 'src/features/home/HomePage.tsx'],
    budgetKb: HOME_BUDGET_KB,
  },
  '/dashboard/agenda': {
    modules: [
      'src/app/layout/DashboardLayout.tsx',
      'src/app/layout/RequirePrivilege.tsx',
      'src/features/agenda/AgendaPage.tsx',
    ],
    budgetKb: AGENDA_BUDGET_KB,
  },
};

if (!args.has('--no-build')) {
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
}
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`size-check: no manifest at ${manifestPath}; build apps/web first`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
// The back office's entry; publico.html is the public pages' own.
const entryKey = 'index.html';
// The boot frame (apps/web/src/boot): index.html's first script, which imports the entry.
const bootKey = 'src/boot/boot.ts';

/** The chunk of `key` and every chunk it imports statically, as manifest keys. */
function closure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) {
    const bytes = readFileSync(join(dist, file));
    gzipCache.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return gzipCache.get(file);
}

const dashboardFiles = new Set(DASHBOARD_MODULES.map((key) => manifest[key]?.file).filter(Boolean));
const kb = (bytes) => (bytes / 1024).toFixed(1);
const report = {};
let failed = false;

for (const [screen, routeModule] of Object.entries(SCREENS)) {
  if (!manifest[routeModule]) {
    console.error(`size-check: ${routeModule} is not a chunk of its own (is the route lazy?)`);
    failed = true;
    continue;
  }
  const keys = closure(routeModule, closure(bootKey, closure(entryKey)));
  const files = [...keys].map((key) => manifest[key].file);
  const css = [...keys].flatMap((key) => manifest[key].css ?? []);
  const js = files.map((file) => ({ file, ...gzipSize(file) })).sort((a, b) => b.gzip - a.gzip);
  const total = js.reduce((sum, file) => sum + file.gzip, 0);
  const cssTotal = [...new Set(css)].reduce((sum, file) => sum + gzipSize(file).gzip, 0);
  // `shell-*.js`: the dashboard's own modules in one chunk (apps/web/shellChunk.ts).
  const leaked = files.filter((file) => dashboardFiles.has(file) || /(^|\/)shell-/.test(file));
  report[screen] = { jsGzipBytes: total, cssGzipBytes: cssTotal, chunks: js.length, leaked };

  console.log(
    `\n${screen}: ${js.length} JS files, ${kb(total)} KB gzip (+ ${kb(cssTotal)} KB CSS)`,
  );
  for (const file of js) console.log(`  ${kb(file.gzip).padStart(7)} KB  ${file.file}`);
  if (leaked.length > 0) {
    console.error(`  FAIL: ${screen} loads dashboard code: ${leaked.join(', ')}`);
    failed = true;
  }
  if (total > BUDGET_KB * 1024) {
    console.error(`  FAIL: ${kb(total)} KB gzip is over the ${BUDGET_KB} KB budget`);
    failed = true;
  }
}

// The public pages: their entry and its static imports, nothing of the dashboard.
if (!manifest[PUBLIC_PAGES_ENTRY]) {
  console.error(`size-check: ${PUBLIC_PAGES_ENTRY} is not an entry of the build`);
  failed = true;
} else {
  const keys = closure(PUBLIC_PAGES_ENTRY);
  const js = [...keys]
    .map((key) => manifest[key].file)
    .map((file) => ({ file, ...gzipSize(file) }))
    .sort((a, b) => b.gzip - a.gzip);
  const total = js.reduce((sum, file) => sum + file.gzip, 0);
  const css = [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))];
  const cssTotal = css.reduce((sum, file) => sum + gzipSize(file).gzip, 0);
  const leaked = js
    .map(({ file }) => file)
    .filter((file) => dashboardFiles.has(file) || /(^|\/)shell-/.test(file));
  report['/reservar'] = { jsGzipBytes: total, cssGzipBytes: cssTotal, chunks: js.length, leaked };
  console.log(
    `\n/reservar, /cita/{token}: ${js.length} JS files, ${kb(total)} KB gzip (+ ${kb(cssTotal)} KB CSS; budget ${PUBLIC_PAGES_BUDGET_KB} KB)`,
  );
  for (const file of js) console.log(`  ${kb(file.gzip).padStart(7)} KB  ${file.file}`);
  if (leaked.length > 0) {
    console.error(`  FAIL: the public pages load dashboard code: ${leaked.join(', ')}`);
    failed = true;
  }
  if (total > PUBLIC_PAGES_BUDGET_KB * 1024) {
    console.error(`  FAIL: ${kb(total)} KB gzip is over the ${PUBLIC_PAGES_BUDGET_KB} KB budget`);
    failed = true;
  }
}

for (const [key, chunk] of Object.entries(manifest)) {
  const exportOnly = EXPORT_ONLY.test(chunk.src ?? key);
  const { raw } = gzipSize(chunk.file);
  if (!exportOnly && raw > CHUNK_LIMIT_KB * 1024) {
    console.error(`  FAIL: ${chunk.file} is ${kb(raw)} KB, over ${CHUNK_LIMIT_KB} KB`);
    failed = true;
  }
  const staticExport = (chunk.imports ?? []).filter((imported) => EXPORT_ONLY.test(imported));
  if (staticExport.length > 0) {
    console.error(`  FAIL: ${key} imports ${staticExport.join(', ')} statically`);
    failed = true;
  }
}

for (const [screen, { modules, budgetKb }] of Object.entries(SIGNED_IN_SCREENS)) {
  const missing = modules.filter((key) => !manifest[key]);
  if (missing.length > 0) {
    console.error(`size-check: ${missing.join(', ')} not a chunk of its own (is the route lazy?)`);
    failed = true;
    continue;
  }
  const keys = closure(bootKey, closure(entryKey));
  for (const module of modules) closure(module, keys);
  const js = [...keys]
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, ...gzipSize(file) }))
    .sort((a, b) => b.gzip - a.gzip);
  const total = js.reduce((sum, file) => sum + file.gzip, 0);
  report[screen] = { jsGzipBytes: total, chunks: js.length, budgetKb };
  console.log(`\n${screen}: ${js.length} JS files, ${kb(total)} KB gzip (budget ${budgetKb} KB)`);
  for (const file of js.slice(0, 8)) console.log(`  ${kb(file.gzip).padStart(7)} KB  ${file.file}`);
  if (js.length > 8) console.log(`  … and ${js.length - 8} smaller files`);
  if (total > budgetKb * 1024) {
    console.error(`  FAIL: ${kb(total)} KB gzip is over the ${budgetKb} KB budget`);
    failed = true;
  }
}

if (args.has('--json')) console.log(JSON.stringify(report, null, 2));
const login = report['/login'];
const home = report['/dashboard/inicio'];
const agenda = report['/dashboard/agenda'];
const booking = report['/reservar'];
console.log(
  `\nsize-check: sign-in initial JS ${login ? kb(login.jsGzipBytes) : '?'} KB gzip (budget ${BUDGET_KB} KB), ` +
    `/reservar ${booking ? kb(booking.jsGzipBytes) : '?'} KB (${PUBLIC_PAGES_BUDGET_KB}), ` +
    `home ${home ? kb(home.jsGzipBytes) : '?'} KB (${HOME_BUDGET_KB}), agenda ${agenda ? kb(agenda.jsGzipBytes) : '?'} KB (${AGENDA_BUDGET_KB}) — ${failed ? 'FAIL' : 'ok'}`,
);
process.exit(failed ? 1 : 0);
