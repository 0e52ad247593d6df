import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Seeds the demo once per run; each file's database starts as a copy (test/demo-snapshot.ts).
    globalSetup: ['src/test/demo-snapshot.ts'],
    // Each test file opens its own database; PGlite is single-threaded WebAssembly, so files run
    // in separate workers and a slow creation must not fail a hook.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
