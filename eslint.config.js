import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

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
  {
    files: ['scripts/**', '**/scripts/**', 'e2e/**', '**/bench/**'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
