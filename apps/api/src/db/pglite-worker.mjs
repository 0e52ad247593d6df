// The embedded database's thread (see pglite-thread.ts). PGlite is WebAssembly that runs each
// query synchronously on the thread that calls it: on the HTTP server's thread, one slow query
// would stall every request, static files included. Here it runs beside it, and the server's
// thread only sends SQL and receives rows.
//
// Plain JavaScript on purpose: a worker thread starts outside tsx's and Vite's loaders.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread');
const port = parentPort;

/** An error as plain data: PostgreSQL's fields (code, constraint, detail…) survive the trip. */
function serialize(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    if (typeof value === 'object' && value !== null && !(value instanceof Uint8Array)) continue;
    fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message, stack: error.stack };
}

/** Query options as data: the parsers Drizzle passes are identity functions for the listed types. */
function optionsOf(message) {
  if (!message.rowMode && !message.rawTypes) return undefined;
  const parsers = {};
  for (const type of message.rawTypes ?? []) parsers[type] = (value) => value;
  return { rowMode: message.rowMode, parsers };
}

let client;
/** Open transactions by id: the transaction's client and how to end it. */
const transactions = new Map();
let nextTransaction = 1;

async function handle(message) {
  switch (message.op) {
    case 'open': {
      client = await PGlite.create({
        dataDir: workerData?.dataDir,
        extensions: { btree_gist, pg_trgm },
        // A database dumped before (dumpDataDir), opened as it was: the tests' seeded snapshot.
        loadDataDir: workerData?.loadDataDir ? new Blob([workerData.loadDataDir]) : undefined,
      });
      await migrate(drizzle(client, { casing: 'snake_case' }), {
        migrationsFolder: workerData.migrationsFolder,
      });
      return null;
    }
    case 'query': {
      const target = message.tx ? transactions.get(message.tx)?.tx : client;
      if (!target) throw new Error('La transacción ya terminó');
      return target.query(message.sql, message.params, optionsOf(message));
    }
    case 'exec': {
      const target = message.tx ? transactions.get(message.tx)?.tx : client;
      if (!target) throw new Error('La transacción ya terminó');
      return target.exec(message.sql);
    }
    case 'begin': {
      const id = nextTransaction++;
      const entry = { tx: undefined, finish: undefined, done: undefined };
      const finished = new Promise((resolve) => (entry.finish = resolve));
      let started;
      const ready = new Promise((resolve) => (started = resolve));
      // PGlite's own transaction: it holds the database until the callback settles, so queries
      // outside it wait, as they did on the server's thread.
      entry.done = client
        .transaction(async (tx) => {
          entry.tx = tx;
          started();
          if (!(await finished)) await tx.rollback();
        })
        .finally(() => transactions.delete(id));
      transactions.set(id, entry);
      await Promise.race([ready, entry.done]);
      return id;
    }
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open) throw new Error('La transacción ya terminó');
      open.finish(message.commit);
      await open.done;
      return null;
    }
    case 'dump': {
      // The whole data directory as an uncompressed tarball (the tests' seeded snapshot).
      const file = await client.dumpDataDir('none');
      return new Uint8Array(await file.arrayBuffer());
    }
    case 'close': {
      await client?.close();
      return null;
    }
    default:
      throw new Error(`operación desconocida: ${message.op}`);
  }
}

port.on('message', (message) => {
  handle(message).then(
    (result) => port.postMessage({ id: message.id, result }),
    (error) => port.postMessage({ id: message.id, error: serialize(error) }),
  );
});
