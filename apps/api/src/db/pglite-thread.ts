import { Worker } from 'node:worker_threads';

/**
 * PGlite on a worker thread (`pglite-worker.mjs`), behind the part of PGlite's interface that
 * Drizzle's pglite driver uses: `query`, `exec` and `transaction`. The HTTP server's thread keeps
 * answering (static files, health, requests waiting for the database) while a query runs.
 */
export interface ThreadClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<unknown>;
  exec(sql: string): Promise<unknown>;
  transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T>;
  /** The data directory as a tarball, which `loadDataDir` opens again (the tests' snapshot). */
  dumpDataDir(): Promise<Uint8Array>;
  /**
   * Whether the database answers, without waiting behind a running query: with nothing in
   * progress, a `SELECT 1` on the thread; while the thread works (a query or a transaction),
   * whether the thread is alive and its oldest piece of work started less than STALLED_MS ago.
   */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** How long one query or transaction may hold the thread before health calls it stalled. */
export const STALLED_MS = 30_000;

export interface ThreadTransaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<unknown>;
  exec(sql: string): Promise<unknown>;
  /** As PGlite's: ends the transaction by rolling it back (Drizzle's tx.rollback() throws instead). */
  rollback(): Promise<void>;
  readonly closed: boolean;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  /**
   * Drizzle passes identity parsers (timestamps, dates and intervals stay text); functions do not
   * cross threads, so the worker applies identity parsers to the same types.
   */
  parsers?: Record<number, unknown>;
}

type Pending = {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** When it was sent (performance.now()). */
  sentAt: number;
};

/** An error from the worker, with PostgreSQL's fields (code, constraint…) as the driver's. */
function revive(data: Record<string, unknown>): Error {
  const error = new Error(String(data.message));
  Object.assign(error, data);
  return error;
}

export async function openPgliteThread(options: {
  dataDir?: string;
  migrationsFolder: string;
  /** A tarball of `dumpDataDir` to start from instead of an empty database. */
  loadDataDir?: Uint8Array;
}): Promise<ThreadClient> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: {
      dataDir: options.dataDir,
      migrationsFolder: options.migrationsFolder,
      loadDataDir: options.loadDataDir,
    },
    // The worker is plain JavaScript: no loader of the parent (tsx, Vite) is needed or wanted.
    execArgv: [],
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let failure: Error | undefined;
  worker.on(
    'message',
    (message: { id: number; result?: unknown; error?: Record<string, unknown> }) => {
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.error) waiting.reject(revive(message.error));
      else waiting.resolve(message.result);
    },
  );
  const fail = (error: Error) => {
    failure = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`El hilo de la base de datos terminó (${code})`)));

  const send = (message: Record<string, unknown>): Promise<unknown> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, sentAt: performance.now() });
      worker.postMessage({ ...message, id });
    });
  };
  const query =
    (tx: number | undefined) => (sql: string, params?: unknown[], options?: QueryOptions) =>
      send({
        op: 'query',
        tx,
        sql,
        params,
        rowMode: options?.rowMode,
        rawTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
      });
  const exec = (tx: number | undefined) => (sql: string) => send({ op: 'exec', tx, sql });

  /** Open transactions: when each began; the thread serves nothing else until they end. */
  const transactions = new Set<{ startedAt: number }>();
  await send({ op: 'open' });
  return {
    query: query(undefined),
    exec: exec(undefined),
    async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
      const open = { startedAt: performance.now() };
      transactions.add(open);
      let id: number;
      try {
        id = (await send({ op: 'begin' })) as number;
      } catch (error) {
        transactions.delete(open);
        throw error;
      }
      let closed = false;
      const end = async (commit: boolean) => {
        if (closed) return;
        closed = true;
        try {
          await send({ op: 'end', tx: id, commit });
        } finally {
          transactions.delete(open);
        }
      };
      const tx: ThreadTransaction = {
        query: query(id),
        exec: exec(id),
        rollback: () => end(false),
        get closed() {
          return closed;
        },
      };
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        await end(false).catch(() => undefined);
        throw error;
      }
      await end(true);
      return result;
    },
    dumpDataDir: () => send({ op: 'dump' }) as Promise<Uint8Array>,
    async ping() {
      if (failure) return false;
      const started = [...pending.values()].map((work) => work.sentAt);
      for (const open of transactions) started.push(open.startedAt);
      if (started.length > 0) return performance.now() - Math.min(...started) < STALLED_MS;
      try {
        await send({ op: 'query', sql: 'SELECT 1' });
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (failure) return;
      await send({ op: 'close' });
      worker.removeAllListeners('exit');
      await worker.terminate();
      failure = new Error('La base de datos está cerrada');
    },
  };
}
