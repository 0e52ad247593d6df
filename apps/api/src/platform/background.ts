import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but its answer must not wait for — because how long it takes would tell
 * the caller something (a password reset for an address that exists sends mail; one for an
 * unknown address does not). The tasks stay in this process, so they are not lost quietly:
 * a failure is logged, and closing the server (graceful shutdown, `app.close()` in tests) waits
 * for every pending task before the database closes. `settled()` lets a test wait for them too.
 */
export interface Background {
  run(name: string, task: () => Promise<void>): void;
  settled(): Promise<void>;
}

export function createBackground(log: FastifyBaseLogger): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(name, task) {
      const running: Promise<void> = Promise.resolve()
        .then(task)
        .catch((error: unknown) =>
          log.error({ err: error, task: name }, 'tarea en segundo plano falló'),
        )
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
