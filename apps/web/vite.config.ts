import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { routePreloads } from './routePreloads';
import { shellChunkGroup } from './shellChunk';

// react-router's package exports point at its development build for every bundler; the
// production build (same API, no dev-only checks) sits beside it.
const require = createRequire(import.meta.url);
const reactRouterProduction = join(
  dirname(require.resolve('react-router')),
  '../production/index.mjs',
);

/** Text files worth compressing: the smallest gain is not worth a second file. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the build, at the
 * highest levels, once: the API sends the copy the browser accepts (`preCompressed` in
 * apps/api/src/app.ts) instead of compressing on every request, or not at all.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'clinica:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes('/.vite/')) continue;
        const bytes = readFileSync(file);
        if (bytes.length < MIN_BYTES) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The boot frame (src/boot/boot.ts) is an entry of its own and the page's only script: 1.5 KB
 * that draw the dashboard's frame and then import the app's entry, which the page names as a
 * `link[data-app]` modulepreload (on the frame's own paths the API makes it and the other app
 * files inert, for the boot to ask for after its paint: apps/api/src/platform/web-preload.ts).
 * The app's JavaScript runs after the frame has painted, instead of racing it (issue 24).
 */
function bootFirst(): Plugin {
  return {
    name: 'clinica:boot-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.filename.endsWith('index.html') || !context.bundle) return html;
        const boot = Object.values(context.bundle).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === 'boot',
        );
        const main =
          /<script type="module" crossorigin src="(\/assets\/main-[\w-]+\.js)"><\/script>/.exec(
            html,
          );
        if (!boot || boot.type !== 'chunk' || !main) throw new Error('boot: no entry or no main');
        const tags = [
          ...[...(boot.viteMetadata?.importedCss ?? [])].map(
            (file) => `<link rel="stylesheet" crossorigin href="/${file}">`,
          ),
          `<script type="module" crossorigin src="/${boot.fileName}"></script>`,
          `<link rel="modulepreload" crossorigin href="${main[1]}" data-app>`,
        ];
        return html.replace(main[0], tags.join('\n    '));
      },
    },
  };
}

/** The public pages' own entry (src/booking): the paths the API answers with publico.html. */
const PUBLIC_PAGES = /^\/(reservar|cita\/[^/]+|oferta\/[^/]+)\/?$/;

/** In development, the public pages' paths get publico.html as the API gives it in production. */
function publicPages(): Plugin {
  return {
    name: 'clinica:public-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const path = (request.url ?? '').split('?')[0] ?? '';
        if (PUBLIC_PAGES.test(path)) request.url = '/publico.html';
        next();
      });
    },
  };
}

// The API serves the built app at / and itself at /v1; in development Vite forwards /v1 to it.
export default defineConfig(({ command }) => ({
  plugins: [react(), precompress(), routePreloads(), publicPages(), bootFirst()],
  resolve: command === 'build' ? { alias: { 'react-router': reactRouterProduction } } : {},
  server: {
    port: 5173,
    proxy: { '/v1': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    // scripts/size-check.mjs reads the manifest to measure what the sign-in screen loads.
    manifest: true,
    // exceljs's own chunk (~930 KB, 256 KB gzip) is the only one above 800 KB, and only an export
    // loads it (a dynamic import in shared/list/excel.ts and features/inventory/stockExcel.ts); it
    // is one prebuilt module that cannot be split. scripts/size-check.mjs keeps every other chunk
    // under 800 KB and fails if anything imports exceljs statically.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      // Two pages: the back office (index.html) and the customers' public pages (publico.html:
      // /reservar and /cita/{token}), which share React and the API client and nothing of antd.
      input: {
        main: join(import.meta.dirname, 'index.html'),
        publico: join(import.meta.dirname, 'publico.html'),
        boot: join(import.meta.dirname, 'src/boot/boot.ts'),
      },
      // The domain package is pure declarations (schemas, catalogue, constants): a screen gets
      // only the modules it imports, not every area's schemas, so the sign-in screen does not
      // grow with each new feature.
      treeshake: {
        moduleSideEffects: (id: string) => (/packages\/domain\/src\//.test(id) ? false : undefined),
      },
      output: { codeSplitting: { groups: [shellChunkGroup(import.meta.dirname)] } },
    },
  },
}));
