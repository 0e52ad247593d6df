#!/usr/bin/env node
// Browser tests: builds the web app and starts the API the way `npm start` does (on a free port,
// with a fresh temporary DATA_DIR and the demo data), then drives Debian's Chromium through
// playwright-core over e2e/*.e2e.ts. Chromium missing: a failure under CI=true, a notice otherwise.
// Then measures the sign-in screen of that build against its 200 KB budget (scripts/size-check.mjs),
// so `npm test` fails over budget.
//
//   E2E_SKIP_BUILD=1   reuse apps/web/dist
//   E2E_FILTER=text    run only the tests whose name contains text
//   E2E_SCREENSHOTS=d  where screenshots go (default test-results/screenshots)
//   CHROMIUM_PATH=p    the browser (default /usr/bin/chromium)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'clinica-e2e-data-'));
const serverLog = [];
const server = spawn('npm', ['run', 'start', '-w', 'apps/api'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    POS_URL: 'https://pos.example.test/venta',
    LOG_LEVEL: 'warn',
  },
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
});
for (const stream of [server.stdout, server.stderr]) {
  stream.on('data', (chunk) => {
    serverLog.push(String(chunk));
    if (serverLog.length > 200) serverLog.shift();
  });
}

let browser;
function stopServer() {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}
process.on('exit', () => {
  stopServer();
  rmSync(dataDir, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));

let passed = 0;
let failed = 0;
try {
  await waitForHealth(baseUrl, server);

  // The tests are TypeScript, loaded through tsx like the API.
  const { register } = await import('tsx/esm/api');
  register();
  const { chromium } = await import('playwright-core');
  const harness = await import(pathToFileURL(join(root, 'e2e/harness.ts')).href);
  const files = readdirSync(join(root, 'e2e'))
    .filter((file) => file.endsWith('.e2e.ts'))
    .sort();
  for (const file of files) await import(pathToFileURL(join(root, 'e2e', file)).href);
  const filter = process.env.E2E_FILTER;
  const tests = harness.registered.filter((entry) => !filter || entry.name.includes(filter));
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
  console.log(`e2e: ${tests.length} tests against ${baseUrl} (Chromium ${browser.version()})`);

  for (const entry of tests) {
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
      await Promise.race([
        entry.run({
          page,
          context,
          baseUrl,
          screenshot: (name) => page.screenshot({ path: join(shots, `${name}.png`) }),
        }),
        new Promise((_, reject) =>
          setTimeout(
            () => reject(new Error(`timed out after ${TEST_TIMEOUT_MS / 1000} s`)),
            TEST_TIMEOUT_MS,
          ),
        ),
      ]);
      if (pageErrors.length > 0)
        throw new Error(`uncaught errors in the page: ${pageErrors.join('; ')}`);
      passed += 1;
      console.log(`  ✓ ${entry.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (error) {
      failed += 1;
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
    } finally {
      await context.close();
    }
  }
} catch (error) {
  failed += 1;
  console.error(`e2e: ${error?.message ?? error}`);
  console.error(serverLog.join('').split('\n').slice(-30).join('\n'));
} finally {
  await browser?.close();
  stopServer();
}

// The build the browser tests ran on is the one measured; over budget counts as a failure.
if (!sizeCheck({ build: false })) failed += 1;
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
