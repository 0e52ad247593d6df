import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// react-router's package exports point at its development build for every bundler; the
// production build (same API, no dev-only checks) sits beside it.
const require = createRequire(import.meta.url);
const reactRouterProduction = join(
  dirname(require.resolve('react-router')),
  '../production/index.mjs',
);

// The API serves the built app at / and itself at /v1; in development Vite forwards /v1 to it.
export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: command === 'build' ? { alias: { 'react-router': reactRouterProduction } } : {},
  server: {
    port: 5173,
    proxy: { '/v1': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    // scripts/size-check.mjs reads the manifest to measure what the sign-in screen loads.
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // The domain package is pure declarations (schemas, catalogue, constants): a screen gets
      // only the modules it imports, not every area's schemas, so the sign-in screen does not
      // grow with each new feature.
      treeshake: {
        moduleSideEffects: (id: string) => (/packages\/domain\/src\//.test(id) ? false : undefined),
      },
    },
  },
}));
