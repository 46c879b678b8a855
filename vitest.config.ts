import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
/**
 * The same `#app/*`, `#domain/*` and `#server/*` imports as package.json, pointed at the sources.
 * `#app/lib/currency` finds its .ts or .tsx as a relative import would (tsconfig.app.json's paths for tsc).
 */
export const sourceAliases = [
  { find: /^#app\/(.*)$/, replacement: path.join(root, 'src/app/$1') },
  { find: /^#domain\/(.*)$/, replacement: path.join(root, 'src/domain/$1.ts') },
  { find: /^#server\/(.*)$/, replacement: path.join(root, 'src/server/$1.ts') },
];

/** Tests that only mean something on PostgreSQL (several server processes on one database). */
const POSTGRES_ONLY = ['tests/api/multi-process.test.ts'];

export default defineConfig({
  resolve: { alias: sourceAliases },
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine. The
    // API files wait on SQLite's disk, PostgreSQL and child servers much of their time, and each
    // file has its own database and temp folder, so two at once finish well sooner (decision 049).
    // VITEST_MAX_WORKERS=1 runs one file at a time (the projects inherit this, not --maxWorkers).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/api/**/*.test.ts'],
          exclude: [...POSTGRES_ONLY],
          environment: 'node',
          globalSetup: ['tests/helpers/pg-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Needs a PostgreSQL shared by several processes: run by `npm run test:pg` only.
        extends: true,
        test: {
          name: 'postgres',
          include: [...POSTGRES_ONLY],
          environment: 'node',
          globalSetup: ['tests/helpers/pg-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
