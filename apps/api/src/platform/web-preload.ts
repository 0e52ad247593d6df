import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BOOT_FRAME_PATHS } from '@clinica/domain';

/**
 * The SPA's index.html for a path, with the files that path's first screen needs named in its
 * head: `<link rel="modulepreload">` for the JavaScript and stylesheets for the CSS, from the
 * build's `.vite/preload.json` (apps/web/routePreloads.ts). The browser fetches them with the
 * entry instead of after running it, a round trip less before a phone's first paint (issue 24).
 * Links, not scripts: the content security policy forbids inline scripts, not these.
 *
 * On the pages the boot script draws ahead (BOOT_FRAME_PATHS) the app's scripts are named as inert
 * `<link rel="app-module">`, which the boot script turns into modulepreloads once its frame has
 * painted (apps/web/src/boot/boot.ts): the first paint there needs only the stylesheets and the
 * boot script, which then go first on a slow link; everywhere else the scripts draw the first
 * paint and are preloaded with the page.
 *
 * `/dashboard` itself and paths outside the dashboard get the plain file's text, or null when
 * the build has no preload list (then index.html is sent as it is, with its compressed copies).
 */
export function createIndexPages(webDist: string): (url: string) => string | null {
  let cached: { stamp: string; html: string; preload: Preload } | null = null;

  function load(): typeof cached {
    const indexFile = join(webDist, 'index.html');
    const preloadFile = join(webDist, '.vite/preload.json');
    try {
      const stamp = `${statSync(indexFile).mtimeMs}:${statSync(preloadFile).mtimeMs}`;
      if (cached?.stamp === stamp) return cached;
      cached = {
        stamp,
        html: readFileSync(indexFile, 'utf8'),
        preload: JSON.parse(readFileSync(preloadFile, 'utf8')) as Preload,
      };
      return cached;
    } catch {
      return null;
    }
  }

  return (url) => {
    const match = /^\/dashboard(?:\/([^/?#]+))?/.exec(url);
    if (!match) return null;
    const page = load();
    if (!page) return null;
    const section = match[1];
    // Only plain asset names are written into the page.
    const files = (
      (section ? page.preload.sections[section] : undefined) ??
      page.preload.dashboard ??
      []
    ).filter((file) => /^assets\/[\w.-]+\.(js|css)$/.test(file));
    if (files.length === 0) return null;
    const links = files
      .map((file) =>
        file.endsWith('.css')
          ? `<link rel="stylesheet" crossorigin href="/${file}">`
          : `<link rel="modulepreload" crossorigin href="/${file}">`,
      )
      .join('\n    ');
    const html = page.html.replace('</head>', `  ${links}\n  </head>`);
    const path = (url.split(/[?#]/)[0] ?? '').replace(/\/+$/, '');
    return (BOOT_FRAME_PATHS as readonly string[]).includes(path)
      ? html.replaceAll('<link rel="modulepreload" ', '<link rel="app-module" ')
      : html;
  };
}

interface Preload {
  /** The dashboard's layout and its imports, for a path under /dashboard that names no section. */
  dashboard?: string[];
  /** Per section (`agenda`): the layout, the guard, the page and their imports. */
  sections: Record<string, string[]>;
}
