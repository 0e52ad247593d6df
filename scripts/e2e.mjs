#!/usr/bin/env node
// Browser tests: builds the web app and starts the API the way `npm start` does (on a free port,
// with a fresh temporary DATA_DIR and the demo data), then drives Debian's Chromium through
// playwright-core over e2e/*.e2e.ts, the files shared out over E2E_WORKERS lanes (default 1),
// each lane with its own API and data (its mail, logged without SMTP_URL, is each test's `mailsTo`:
// scripts/e2e-server-log.mjs). Chromium missing: a failure under CI=true, a notice
// otherwise. Then measures the sign-in screen of that build against its 200 KB budget
// (scripts/size-check.mjs), so `npm test` fails over budget.
//
//   E2E_SKIP_BUILD=1   reuse apps/web/dist
//   E2E_FILTER=text    run only the tests whose name contains text
//   node scripts/e2e.mjs agenda newcomer   only the files whose name contains one of the words
//   E2E_WORKERS=n      lanes, each with its own API (default 2; 1: one test after another)
//   E2E_SCREENSHOTS=d  where screenshots go (default test-results/screenshots)
//   CHROMIUM_PATH=p    the browser (default /usr/bin/chromium)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readServerLog } from './e2e-server-log.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TEST_TIMEOUT_MS = 180_000;

/** The sign-in budget of the build in apps/web/dist; answers whether it holds. */
function sizeCheck({ build }) {
  const args = [join(root, 'scripts/size-check.mjs'), ...(build ? [] : ['--no-build'])];
  return spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status === 0;
}

if (!existsSync(chromiumPath)) {
  if (process.env.CI === 'true') {
    console.error(`e2e: Chromium not found at ${chromiumPath}; CI requires the browser tests.`);
    console.error('e2e: 0 passed, 1 failed');
    process.exit(1);
  }
  console.log(`e2e: Chromium not found at ${chromiumPath}; browser tests skipped.`);
  console.log('     Install it with: apt-get update && apt-get install -y chromium');
  process.exit(sizeCheck({ build: process.env.E2E_SKIP_BUILD !== '1' }) ? 0 : 1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the API exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/v1/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the API did not answer ${baseUrl}/v1/health within ${timeoutMs / 1000} s`);
}

if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('e2e: the web build failed');
    console.error('e2e: 0 passed, 1 failed');
    process.exit(1);
  }
}

/**
 * One API as `npm start` starts it, on a free port with a fresh temporary DATA_DIR and the demo
 * data. Each lane of the run gets its own, so no lane sees another's records.
 */
async function startServer() {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'clinica-e2e-data-'));
  const server = spawn('npm', ['run', 'start', '-w', 'apps/api'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      POS_URL: 'https://pos.example.test/venta',
      // Info, for the outbox's mail lines (a code mailed to a customer); the rest of the info
      // lines are dropped below, so the log kept for a failure is the warnings and errors.
      LOG_LEVEL: 'info',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { log, mails } = readServerLog(server);
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  return { baseUrl, server, dataDir, log, mails, stop };
}

// Lanes: the test files are shared out over this many lanes, each with its own API and data,
// in one browser; a file's tests stay together and in their order on one lane. Two by default:
// on the 2-core machine all 87 tests took 939 s over two lanes against about 1,500 s over one.
// Under load (a helper's work beside them, load 5) two lanes failed 3 tests on their 15 s waits,
// each of which passed alone: so over more than one lane a failed test runs once more, alone,
// after the lanes end, and is reported as flaky when it then passes (a real defect fails twice).
const lanes = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const servers = [];
process.on('exit', () => {
  for (const { stop, dataDir } of servers) {
    stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
process.on('SIGINT', () => process.exit(130));

let browser;
let passed = 0;
let failed = 0;
/** Tests that failed over the lanes and passed alone. */
const flaky = [];
try {
  // The tests are TypeScript, loaded through tsx like the API.
  const { register } = await import('tsx/esm/api');
  register();
  const { chromium } = await import('playwright-core');
  const harness = await import(pathToFileURL(join(root, 'e2e/harness.ts')).href);
  const only = process.argv.slice(2);
  const files = readdirSync(join(root, 'e2e'))
    .filter((file) => file.endsWith('.e2e.ts'))
    .filter((file) => only.length === 0 || only.some((word) => file.includes(word)))
    .sort();
  const filter = process.env.E2E_FILTER;
  /** Each file's tests in their order, the filtered out left out, files left empty dropped. */
  const groups = [];
  for (const file of files) {
    const before = harness.registered.length;
    await import(pathToFileURL(join(root, 'e2e', file)).href);
    const tests = harness.registered
      .slice(before)
      .filter((entry) => !filter || entry.name.includes(filter));
    if (tests.length > 0) groups.push({ file, tests });
  }
  const count = groups.reduce((sum, group) => sum + group.tests.length, 0);
  const used = Math.min(lanes, groups.length) || 1;

  for (let lane = 0; lane < used; lane += 1) {
    let started = await startServer();
    // Two free ports asked one after the other may be the same one: ask again.
    while (servers.some((other) => other.baseUrl === started.baseUrl)) {
      started.stop();
      rmSync(started.dataDir, { recursive: true, force: true });
      started = await startServer();
    }
    servers.push(started);
  }
  await Promise.all(servers.map(({ baseUrl, server }) => waitForHealth(baseUrl, server)));

  const shots = harness.screenshotDir();
  const failures = join(root, 'test-results', 'e2e-failures');

  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  console.log(
    `e2e: ${count} tests in ${groups.length} files over ${used} lane(s), each with its own API ` +
      `(${servers.map((lane) => lane.baseUrl).join(', ')}; Chromium ${browser.version()})`,
  );

  async function runTest(entry, { baseUrl, mails }) {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'es-MX',
      timezoneId: 'America/Tijuana',
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const started = Date.now();
    try {
      const limit = entry.timeoutMs ?? TEST_TIMEOUT_MS;
      await Promise.race([
        entry.run({
          page,
          context,
          baseUrl,
          screenshot: (name) => page.screenshot({ path: join(shots, `${name}.png`) }),
          mailsTo: (address) =>
            mails.filter((mail) => mail.to.toLowerCase() === address.toLowerCase()),
        }),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error(`timed out after ${limit / 1000} s`)), limit),
        ),
      ]);
      if (pageErrors.length > 0)
        throw new Error(`uncaught errors in the page: ${pageErrors.join('; ')}`);
      console.log(`  ✓ ${entry.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      return true;
    } catch (error) {
      console.log(`  ✗ ${entry.name}`);
      console.log(
        `    ${String(error?.stack ?? error)
          .split('\n')
          .slice(0, 6)
          .join('\n    ')}`,
      );
      mkdirSync(failures, { recursive: true });
      const safe = entry.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
      await page.screenshot({ path: join(failures, `${safe}.png`) }).catch(() => undefined);
      return false;
    } finally {
      await context.close();
    }
  }

  // Each lane takes the next file left until none is. One lane keeps the name order; over more,
  // the longest files (by source size, a proxy of their time) go first, so that no lane is left
  // with a long file at the end.
  const sizeOf = (group) => statSync(join(root, 'e2e', group.file)).size;
  const retry = [];
  const queue = used === 1 ? [...groups] : [...groups].sort((a, b) => sizeOf(b) - sizeOf(a));
  await Promise.all(
    servers.slice(0, used).map(async (lane) => {
      for (let group = queue.shift(); group; group = queue.shift()) {
        for (const entry of group.tests) {
          if (await runTest(entry, lane)) passed += 1;
          else retry.push(entry);
        }
      }
    }),
  );
  // Over one lane a failure is a failure; over more, each runs once more alone (see `lanes`).
  if (used === 1) failed += retry.length;
  else if (retry.length > 0) {
    console.log(`e2e: ${retry.length} failed over ${used} lanes; each runs once more, alone`);
    for (const entry of retry) {
      if (await runTest(entry, servers[0])) {
        passed += 1;
        flaky.push(entry.name);
      } else failed += 1;
    }
  }
} catch (error) {
  failed += 1;
  console.error(`e2e: ${error?.message ?? error}`);
  for (const { log } of servers) console.error(log.join('').split('\n').slice(-30).join('\n'));
} finally {
  await browser?.close();
  for (const { stop } of servers) stop();
}

// The build the browser tests ran on is the one measured; over budget counts as a failure.
if (!sizeCheck({ build: false })) failed += 1;
if (flaky.length > 0) console.log(`e2e: flaky (passed alone): ${flaky.join('; ')}`);
console.log(
  `e2e: ${passed} passed, ${failed} failed${flaky.length ? `, ${flaky.length} flaky` : ''}`,
);
process.exit(failed > 0 ? 1 : 0);
