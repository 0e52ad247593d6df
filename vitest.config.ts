import { defineConfig } from 'vitest/config';

// One run for the whole repo: each workspace is a project with its own environment.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/web'],
    // Two files at a time. Vitest's default is one worker fewer than the cores: one on the 2-core
    // CI machine, where an API file's time is its process and its PGlite thread taking turns, so
    // one file at a time left a core mostly idle.
    maxWorkers: 2,
  },
});
