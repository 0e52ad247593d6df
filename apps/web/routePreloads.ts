import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes `.vite/preload.json` into the build: for each dashboard section (`agenda`, `inicio`, …),
 * the JavaScript and CSS files its first screen needs beyond the entry's own — the dashboard's
 * layout, the section's guard when it has a privilege, the page, and everything they import
 * statically. The API adds them to index.html as `<link rel="modulepreload">` and stylesheets
 * (apps/api/src/platform/web-app.ts), so the browser asks for them with the entry instead of
 * after running it (issue 24: a round trip and the entry's run off a phone's first paint).
 *
 * The sections come from each feature's declaration (`features/<name>/feature.ts(x)`): its
 * `path: '…'` and the `page: async () => (await import('./Page'))` that follows it.
 */
export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'clinica:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunkOf = new Map<string, { fileName: string; imports: string[]; css: string[] }>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !output.facadeModuleId) continue;
        chunkOf.set(output.facadeModuleId, {
          fileName: output.fileName,
          imports: output.imports,
          css: [...(output.viteMetadata?.importedCss ?? [])],
        });
      }
      const byFile = new Map(
        Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [[output.fileName, output] as const] : [],
        ),
      );
      // The back office's entries, which index.html names itself: the app's (its facade is the
      // HTML file) and the boot frame's (publico.html's is the public pages' own).
      const entries = Object.values(bundle).filter(
        (output) =>
          output.type === 'chunk' &&
          output.isEntry &&
          [join(root, 'index.html'), join(root, 'src/boot/boot.ts')].includes(
            output.facadeModuleId ?? '',
          ),
      );
      /** A chunk and its static imports, in load order, as file names. */
      const closure = (fileName: string, seen: Set<string>) => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        const chunk = byFile.get(fileName);
        if (!chunk || chunk.type !== 'chunk') return;
        for (const imported of chunk.imports) closure(imported, seen);
        for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
      };
      const entryFiles = new Set<string>();
      if (entries.length < 2) throw new Error('route preloads: the back office has no entry');
      for (const entry of entries) closure(entry.fileName, entryFiles);
      const filesOf = (modules: string[]) => {
        const seen = new Set<string>();
        for (const module of modules) {
          const chunk = chunkOf.get(join(root, module));
          if (chunk) closure(chunk.fileName, seen);
        }
        return [...seen].filter((file) => !entryFiles.has(file));
      };

      const layout = ['src/app/layout/DashboardLayout.tsx'];
      const guard = 'src/app/layout/RequirePrivilege.tsx';
      const sections: Record<string, string[]> = {};
      const features = join(root, 'src/features');
      for (const folder of readdirSync(features)) {
        for (const name of ['feature.ts', 'feature.tsx']) {
          const file = join(features, folder, name);
          if (!existsSync(file)) continue;
          for (const block of readFileSync(file, 'utf8').split('defineFeature(').slice(1)) {
            const path = /path:\s*'([^']+)'/.exec(block)?.[1];
            const page = /page:\s*async\s*\(\)\s*=>\s*\(await import\('\.\/([^']+)'\)\)/.exec(
              block,
            )?.[1];
            if (!path || !page) continue;
            const source = ['.tsx', '.ts'].map((ext) => `src/features/${folder}/${page}${ext}`);
            const module = source.find((candidate) => existsSync(join(root, candidate)));
            if (!module) continue;
            const guarded = !/privilege:\s*null/.test(block);
            sections[path] = filesOf([...layout, ...(guarded ? [guard] : []), module]);
          }
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/preload.json',
        source: JSON.stringify({ dashboard: filesOf(layout), sections }, null, 1),
      });
    },
  };
}
