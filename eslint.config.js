import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const noImport = (group, message) => ['error', { patterns: [{ group, message }] }];

const root = import.meta.dirname;
const app = path.join(root, 'src/app');
/** Each folder of src/app/features is one feature: it reaches another only through that one's index.ts. */
const features = readdirSync(path.join(app, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  target: path.join(app, 'features', feature),
  from: path.join(app, 'features', `!(${feature})`, '**'),
  except: [path.join(app, 'features', '*', 'index.ts')],
  message: `A feature imports another only from its index.ts (src/app/features/<other>/index.ts); a piece several features use belongs in src/app/components, lib or offline.`,
}));
/** The one-way rules between the app's folders (README "App layout"). */
const layerZones = [
  {
    target: path.join(app, 'lib'),
    from: [
      path.join(app, 'components'),
      path.join(app, 'features'),
      path.join(app, 'layouts'),
      path.join(app, 'offline'),
      path.join(app, 'pwa'),
      path.join(app, 'routes'),
    ],
    message: 'src/app/lib is the bottom layer: it imports only other lib modules and src/domain.',
  },
  {
    target: path.join(app, 'components'),
    from: [path.join(app, 'offline'), path.join(app, 'features'), path.join(app, 'layouts'), path.join(app, 'routes')],
    message:
      'src/app/components is the UI every feature shares: it does not depend on the outbox or the cache (src/app/offline), a feature, the layouts or a route. Offline UI belongs in src/app/offline, the shell in src/app/layouts.',
  },
  {
    target: path.join(app, 'offline'),
    from: [path.join(app, 'features'), path.join(app, 'layouts'), path.join(app, 'pwa'), path.join(app, 'routes')],
    message:
      'src/app/offline (the outbox, the persisted cache) imports no feature, no layout, no pwa/ module and no route.',
  },
  {
    target: path.join(app, 'features'),
    from: [path.join(app, 'layouts'), path.join(app, 'routes')],
    message: 'Routes and layouts compose features; a feature never imports a route or a layout.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'node_modules/',
      'coverage/',
      'playwright-report/',
      'test-results/',
      'src/app/route-tree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  // No import cycles anywhere in src/, app or server; features and the app's layers import one way.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.app.json', 'tsconfig.tools.json'],
          noWarnOnMultipleProjects: true,
          conditionNames: ['source', 'types', 'import', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...layerZones] }] },
  },
  // Imports go one way: app → domain and server → domain; domain imports neither.
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': noImport(
        ['#app/*', '#server/*', '**/server/**', '**/app/**'],
        'src/domain is shared: it imports neither app nor server.',
      ),
    },
  },
  {
    files: ['src/app/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
    rules: {
      'no-restricted-imports': noImport(['#server/*', '**/server/**'], 'The app talks to the server over HTTP only.'),
    },
  },
  // The rules of React: hooks called unconditionally, effects that list what they read, and the
  // React Compiler's checks (no setState straight from an effect, no refs read during render, pure
  // renders). All of them are errors, warnings included: a warning nobody reads checks nothing. The
  // plugin's rules outside its presets stay off (docs/decisions/043-react-hooks-rules.md).
  {
    files: ['src/app/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/incompatible-library': 'error',
      'react-hooks/unsupported-syntax': 'error',
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': noImport(['#app/*', '**/app/**'], 'The server does not import the browser app.'),
    },
  },
  // A route's reply is typed against src/domain/api, so a reply that drifts from the app's type fails typecheck.
  {
    files: ['src/server/routes/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name='defineRoute'] Property[key.name='handler'] > FunctionExpression:not([returnType])",
          message:
            "Declare the handler's reply type from src/domain/api, e.g. `async handler(…): Promise<SessionUser>` (Promise<undefined> for no body).",
        },
      ],
    },
  },
  // Repositories hold SQL only: they take a Kysely<Database> (a transaction is one) and open no
  // transaction; the use case and its transaction belong to a service (decision 040).
  {
    files: ['src/server/repositories/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(transaction|startTransaction)$/]',
          message:
            'A repository opens no transaction: take the transaction as the Kysely<Database> argument and open it in the service that owns the use case (src/server/services, decision 040).',
        },
      ],
    },
  },
  // db/ is the connection, the migrations and the table types: everything else builds on it, not it on them.
  {
    files: ['src/server/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/app/**'], message: 'The server does not import the browser app.' },
            {
              // The file modes are a constant the database file is created with, not a service.
              group: [
                '**/repositories/**',
                '**/services/**',
                '!**/services/file-modes.ts',
                '**/routes/**',
                '**/plugins/**',
                '**/http/**',
                '**/seed/**',
                '**/app.ts',
                '**/main.ts',
              ],
              message: 'db/ holds the connection, migrations and table types; it imports none of the layers above it.',
            },
          ],
        },
      ],
    },
  },
);
