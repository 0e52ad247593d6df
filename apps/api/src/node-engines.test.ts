import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The project runs on Node 20 (CONTRACT §1, root package.json `engines`): every package the lock
 * installs must accept it, or `npm ci` warns EBADENGINE and the package may use what Node 20 lacks.
 */

const root = resolve(import.meta.dirname, '../../..');
// npm's own range logic, already installed (not a dependency of ours to declare).
const semver = createRequire(resolve(root, 'package.json'))('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

interface LockedPackage {
  version?: string;
  optional?: boolean;
  os?: string[];
  engines?: { node?: string } | string[];
}

describe('the install on Node 20', () => {
  it('locks no package whose engines refuse the Node the project supports', () => {
    const own = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    const oldest = semver.minVersion(own.engines.node)!.version;
    const lock = JSON.parse(readFileSync(resolve(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, LockedPackage>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path.includes('node_modules/'))
      .filter(([, entry]) => !entry.optional || !entry.os || entry.os.includes(process.platform))
      .flatMap(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !semver.satisfies(oldest, range)
          ? [`${path.split('node_modules/').at(-1)}@${entry.version} (node ${range})`]
          : [];
      });
    expect(refusing).toEqual([]);
  });
});
