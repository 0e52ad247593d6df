import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** What Rolldown's chunking passes to a group's `name` (a module's static imports, at least). */
interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** The route modules every dashboard screen loads before its first paint. */
const SHELL_ROOTS = ['src/app/layout/DashboardLayout.tsx', 'src/app/layout/RequirePrivilege.tsx'];
/** More static imports than this: a re-exporting index, not walked. */
const BARREL_IMPORTS = 40;
/**
 * The entries (the back office's, the public pages' src/booking) and the sign-in screens
 * (features/auth/*Page.tsx): their modules stay out.
 */
const publicRoots = (root: string) => [
  join(root, 'src/main.tsx'),
  join(root, 'src/booking/main.tsx'),
  ...readdirSync(join(root, 'src/features/auth'))
    .filter((name) => /Page\.tsx$/.test(name))
    .map((name) => join(root, 'src/features/auth', name)),
];

/**
 * A code-splitting group (Rolldown's `output.codeSplitting.groups`) that puts into one chunk,
 * `shell`, every module the dashboard's layout and section guard import statically and that
 * neither the entry nor a public screen imports (issue 24). Left to the automatic splitting, these
 * modules (React Query's observers and mutations, dayjs and the formats, the breadcrumb, the idle
 * guard, the navigation helpers) came as 6 more files, most of 1–2 KB: on a phone's slow link,
 * six connections at most, each is a round trip before the first paint. Every dashboard screen
 * loads the layout, so none loads anything more; no public screen loads it (scripts/size-check.mjs
 * fails if one does).
 */
export function shellChunkGroup(root: string) {
  let shell: Set<string> | undefined;
  const reach = (ctx: ChunkingContext, roots: string[]) => {
    const seen = new Set<string>();
    const walk = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      const imports = ctx.getModuleInfo(id)?.importedIds ?? [];
      // A package's index that re-exports it whole (antd, its icons): what the screen uses of it
      // is tree-shaken from the rest, which other screens use; walking it would take them all.
      if (imports.length > BARREL_IMPORTS) return;
      for (const imported of imports) walk(imported);
    };
    for (const id of roots) walk(id);
    return seen;
  };
  return {
    name: (id: string, ctx: ChunkingContext) => {
      if (!shell) {
        const roots = SHELL_ROOTS.map((module) => join(root, module));
        const found = reach(ctx, roots);
        const open = reach(ctx, publicRoots(root));
        // The layout and the guard stay chunks of their own (the router's dynamic imports, the
        // manifest's keys that routePreloads.ts and scripts/size-check.mjs read).
        for (const module of roots) open.add(module);
        shell = new Set([...found].filter((module) => !open.has(module)));
      }
      return shell.has(id) ? 'shell' : null;
    },
    // Its modules' own imports stay where the automatic splitting puts them: antd's button or
    // the API client, which the sign-in screen shares, must not come into this chunk.
    includeDependenciesRecursively: false,
  };
}
