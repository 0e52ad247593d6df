import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/**
 * The API's modules in layers, lowest first (issue 23). A module may import a module of a lower
 * layer (its exported functions), never one of its own layer or above, so no two modules import
 * each other. Why each sits where it does is in ARCHITECTURE.md ("The direction of the modules").
 */
export const API_MODULE_LAYERS = [
  ['access', 'audit', 'auth', 'lookups', 'system'],
  ['users', 'inventory', 'customers', 'packages', 'coupons'],
  ['catalogue', 'loyalty'],
  ['organization', 'stock-flows', 'agenda'],
  ['settings-goals'],
  ['orders'],
];

/** Test files and the helpers only tests import: they may build their data through any module. */
const API_TESTS = [
  'apps/api/src/**/*.test.ts',
  'apps/api/src/**/*.testing.ts',
  'apps/api/src/**/test-support.ts',
  'apps/api/src/**/fixtures.ts',
  'apps/api/src/**/flow-fixture.ts',
];

/** Names of functions that write (and service objects), which the read side may not import. */
const WRITE_NAMES =
  '^(create|update|delete|remove|set|settle|finish|book|redeem|release|move|receive|approve|confirm|reject|cancel|send|adjust|issue|spend|lock|record|accept)|Service$';

/** One rule per module: the modules of its layer and above, read/ and seed/ are out of reach. */
function apiModuleDirection() {
  return API_MODULE_LAYERS.flatMap((layer, index) =>
    layer.map((module) => {
      const above = API_MODULE_LAYERS.slice(index)
        .flat()
        .filter((other) => other !== module);
      const higher = above.length === 0 ? [] : [`(^\\.\\./|/modules/)(${above.join('|')})(/|$)`];
      return {
        files: [`apps/api/src/modules/${module}/**`],
        ignores: API_TESTS,
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                ...higher.map((regex) => ({
                  regex,
                  message: `Module direction: ${module} (layer ${index + 1}) may import only modules of lower layers (API_MODULE_LAYERS in eslint.config.js).`,
                })),
                {
                  regex: '(^|/)(read|seed)(/|$)',
                  message: `Module direction: a module may not import read/ or seed/ (they sit above the modules).`,
                },
              ],
            },
          ],
        },
      };
    }),
  );
}

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/api/drizzle/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // A text the server limits is counted and never cut (issue 11 item 9): `maxLength` silently drops
  // what goes past it, so the screens use SchemaField, LimitedInput or the sign-in Field's count.
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='maxLength']",
          message:
            'maxLength cuts silently: use SchemaField or LimitedInput (a counter, and the rule reports what is too long).',
        },
      ],
    },
  },
  // Layers (issue 8). shared/ is the web app's base: it never reaches up into app/ or a feature.
  {
    files: ['apps/web/src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(app|features)(/|$)',
              message: 'shared/ is the base layer: it may not import app/ or a feature.',
            },
          ],
        },
      ],
    },
  },
  // A feature never imports another feature: what two features share lives in shared/ (lookups
  // in shared/lookups). One rule per folder depth, since a sibling is '../x' at the top of a
  // feature and '../../x' one folder down.
  ...[
    ['apps/web/src/features/*/*.{ts,tsx}', '^\\.\\./(?!\\.\\./)'],
    ['apps/web/src/features/*/*/*.{ts,tsx}', '^\\.\\./\\.\\./(?!\\.\\./)'],
    ['apps/web/src/features/*/*/*/*.{ts,tsx}', '^\\.\\./\\.\\./\\.\\./(?!\\.\\./)'],
  ].map(([files, sibling]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `${sibling}|(^|/)features/`,
              message:
                'A feature may not import another feature: share through shared/ (lookups: shared/lookups).',
            },
          ],
        },
      ],
    },
  })),
  // The database layer is the API's bottom: schema, client, migrations. It imports nothing above it
  // (the demo seeding, which loads data through the services, lives at the top in src/seed).
  {
    files: ['apps/api/src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(platform|modules|seed)(/|$)',
              message:
                'db/ is the bottom layer: it may not import platform/, modules/ or seed/ (they build on it).',
            },
          ],
        },
      ],
    },
  },
  // The API's direction (issue 23). db/ at the bottom (above); platform/ over it; the modules over
  // the platform in the layers below, lowest first: a module imports only modules of lower layers,
  // never one of its own layer or above; src/read (code that reads across modules) over the
  // modules; src/seed over everything. Tests may build their data through any module.
  ...apiModuleDirection(),
  {
    files: ['apps/api/src/platform/**'],
    ignores: API_TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(modules|read|seed)(/|$)',
              message:
                'platform/ is below every module: it may not import modules/, read/ or seed/.',
            },
          ],
        },
      ],
    },
  },
  // The read side reads: it may call a module's read functions, never one that writes (nor a
  // module's service object), and never the seed.
  {
    files: ['apps/api/src/read/**'],
    ignores: API_TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules/',
              importNamePattern: WRITE_NAMES,
              message:
                "read/ only reads: import a module's read function, never one that writes (or its service object).",
            },
            {
              regex: '(^|/)seed(/|$)',
              message: 'read/ may not import the demo seed.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', '**/scripts/**', 'e2e/**', '**/bench/**'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
