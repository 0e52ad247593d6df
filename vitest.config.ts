import { defineConfig } from 'vitest/config';

// One run for the whole repo: each workspace is a project with its own environment.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/web'],
  },
});
