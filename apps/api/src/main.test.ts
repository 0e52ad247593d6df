import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The server as `npm start` runs it: a process on the embedded database in a data folder. */
const dataDir = mkdtempSync(join(tmpdir(), 'clinica-main-'));
const tsx = resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

async function start(port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  const child = spawn(tsx, [resolve(import.meta.dirname, 'main.ts')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // An empty folder is seeded with the whole demo first (~10 s alone, 30 s and more beside the
  // rest of the suite on two cores, over 90 s on a machine loaded ten times over): wait up to
  // 180 s for it to listen.
  for (let i = 0; i < 720; i += 1) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/v1/health`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  child.kill('SIGKILL');
  throw new Error('El servidor no arrancó');
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((done) => {
    child.once('exit', (code) => done(code));
    child.kill('SIGTERM');
  });

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('starts on an empty data folder with the demo data, shuts down cleanly, and keeps its data and signing key', async () => {
    const port = await freePort();
    let server = await start(port);
    const base = `http://127.0.0.1:${port}/v1`;
    const branches = (await (await fetch(`${base}/branch/all`)).json()) as {
      data: { id: number; name: string }[];
    };
    expect(branches.data.map((branch) => branch.name).sort()).toEqual([
      'CEDIS',
      'Mexicali Centro',
      'Playas de Tijuana',
      'Zona Río',
    ]);
    const zonaRio = branches.data.find((branch) => branch.name === 'Zona Río')!.id;
    const signIn = await fetch(`${base}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        branchId: zonaRio,
        username: 'admin@clinica.mx',
        password: 'Admin1234',
      }),
    });
    expect(signIn.status).toBe(200);
    const { token } = ((await signIn.json()) as { data: { token: string } }).data;
    // The demo leaves a real history: changes made through the services, with their before and
    // after (issue 11 item 5).
    const log = (await (
      await fetch(`${base}/log?module=providers&take=50`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as {
      data: { items: { action: string; recordName: string | null; changes: object | null }[] };
    };
    const updated = log.data.items.find((entry) => entry.action === 'update');
    expect(updated?.recordName).toBeTruthy();
    expect(Object.keys(updated?.changes ?? {})).toContain('deliveryTime');
    expect(log.data.items.some((entry) => entry.action === 'create')).toBe(true);
    expect(await stop(server)).toBe(0);

    server = await start(port);
    try {
      const again = (await (await fetch(`${base}/branch/all`)).json()) as { data: unknown[] };
      expect(again.data).toHaveLength(4);
      const roles = await fetch(`${base}/role`, { headers: { authorization: `Bearer ${token}` } });
      expect(roles.status).toBe(200);
    } finally {
      expect(await stop(server)).toBe(0);
    }
  }, 300_000);

  it('finishes a request already in flight when SIGTERM arrives, then exits cleanly', async () => {
    const port = await freePort();
    const server = await start(port);
    const exited = new Promise<number | null>((done) => server.once('exit', (code) => done(code)));
    const base = `http://127.0.0.1:${port}/v1`;
    const branches = (await (await fetch(`${base}/branch/all`)).json()) as {
      data: { id: number; name: string }[];
    };
    const body = JSON.stringify({
      branchId: branches.data.find((branch) => branch.name === 'Zona Río')!.id,
      username: 'admin@clinica.mx',
      password: 'Admin1234',
    });
    // The request's head reaches the server before the signal and its body after it, so the
    // request is in flight for the whole shutdown, whatever the machine's speed.
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    const ended = new Promise<void>((done) => socket.on('close', () => done()));
    socket.write(
      [
        'POST /v1/auth/sign-in HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
        '',
        '',
      ].join('\r\n'),
    );
    await new Promise((wait) => setTimeout(wait, 500));
    server.kill('SIGTERM');
    await new Promise((wait) => setTimeout(wait, 500));
    expect(server.exitCode, 'the server left before answering').toBeNull();
    socket.write(body); // not end(): a client that half-closes aborts its own request
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"refresh_token"');
    expect(await exited).toBe(0);
  }, 300_000);
});
