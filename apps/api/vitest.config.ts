import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The files of a worker share its module graph: each file opens its own database and app
    // (createTestApp), spies are restored after each test, and what modules keep (fixture serials,
    // ten-second count estimates) holds across databases; so the app is imported once per worker
    // instead of once per file (import summed over the files: 242 s → 9.5 s; the project 551 s →
    // 256 s on the 2-core machine, 28 November).
    isolate: false,
    // Seeds the demo once per run; each file's database starts as a copy (test/demo-snapshot.ts).
    globalSetup: ['src/test/demo-snapshot.ts'],
    // Each test file opens its own database; PGlite is single-threaded WebAssembly, so files run
    // in separate workers and a slow creation must not fail a hook.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
