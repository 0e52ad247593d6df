import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The API's direction is lint's (issue 23): db/ at the bottom, platform/ over it, the modules in
 * the layers of eslint.config.js, read/ over the modules, seed/ on top. These run the repository's
 * own ESLint configuration on small snippets placed in the tree.
 */
const root = resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, {
    filePath: resolve(root, 'apps/api/src', file),
  });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('lint holds the API modules to one direction (issue 23)', () => {
  it.each([
    ['modules/coupons/x.ts', "import { x } from '../orders/order-read';"],
    ['modules/customers/x.ts', "import { x } from '../orders/order-read';"],
    ['modules/customers/x.ts', "import { x } from '../loyalty/purchases';"],
    ['modules/inventory/x.ts', "import { x } from '../catalogue/shared';"],
    ['modules/auth/x.ts', "import { x } from '../users/user.service';"],
    ['modules/packages/x.ts', "import { x } from '../customers/customer-search';"],
  ])('refuses an import upward or across a layer: %s %s', async (file, code) => {
    expect(await refusals(file, code)).toEqual([
      expect.stringContaining('may import only modules of lower layers'),
    ]);
  });

  it.each([
    ['modules/orders/x.ts', "import { x } from '../coupons/redeem';"],
    ['modules/loyalty/x.ts', "import { x } from '../customers/purchases';"],
    ['modules/catalogue/x.ts', "import { x } from '../inventory/holdings';"],
    ['modules/users/x.ts', "import { x } from '../auth/credentials';"],
    ['modules/orders/x.ts', "import { x } from '../../platform/write';"],
    ['read/x.ts', "import { x as ordersOfCustomer } from '../modules/orders/order-read';"],
    ['seed/x.ts', "import { x } from '../modules/orders/order.service';"],
  ])('allows an import downward: %s %s', async (file, code) => {
    expect(await refusals(file, code)).toEqual([]);
  });

  it('keeps read/ and seed/ out of the modules, and the modules out of the platform', async () => {
    expect(await refusals('modules/orders/x.ts', "import { x } from '../../read/a';")).toHaveLength(
      1,
    );
    expect(await refusals('modules/orders/x.ts', "import { x } from '../../seed';")).toHaveLength(
      1,
    );
    expect(
      await refusals('platform/x.ts', "import { x } from '../modules/orders/a';"),
    ).toHaveLength(1);
    expect(await refusals('platform/x.ts', "import { x } from '../seed';")).toHaveLength(1);
  });

  it('keeps db/ at the bottom: no platform, module or seed', async () => {
    for (const target of ['../platform/audit', '../modules/orders/a', '../seed'])
      expect(await refusals('db/x.ts', `import { x } from '${target}';`)).toHaveLength(1);
  });

  it('lets the read side read, never write', async () => {
    const write = "import { createOrder as x } from '../modules/orders/order.service';";
    const service = "import { customerService as x } from '../modules/customers/customer.service';";
    expect(await refusals('read/x.ts', write)).toEqual([
      expect.stringContaining('read/ only reads'),
    ]);
    expect(await refusals('read/x.ts', service)).toHaveLength(1);
  });

  it('places every module folder in exactly one layer', async () => {
    const config = (await import(pathToFileURL(resolve(root, 'eslint.config.js')).href)) as {
      API_MODULE_LAYERS: string[][];
    };
    const folders = readdirSync(resolve(root, 'apps/api/src/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(config.API_MODULE_LAYERS.flat().sort()).toEqual(folders);
  });
});
