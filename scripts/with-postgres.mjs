#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL cluster (scripts/postgres-cluster.mjs) with
// TEST_PG_URL set, then stops the cluster and removes its folder, whatever the outcome.
import { spawn } from 'node:child_process';
import { findPostgresBin } from './system-deps.mjs';
import { missingPostgresMessage, startPostgres } from './postgres-cluster.mjs';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: with-postgres.mjs <command> [args...]');
  process.exit(2);
}

if (!findPostgresBin()) {
  // Never a silent skip: a PostgreSQL run that cannot happen is a failed run.
  console.error(missingPostgresMessage());
  process.exit(1);
}

let cluster = null;
let code;
try {
  cluster = await startPostgres();
  console.log(`PostgreSQL ${cluster.version} started for the tests on port ${new URL(cluster.url).port}.`);
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, TEST_PG_URL: cluster.url },
    shell: false,
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  code = await new Promise((resolve) => child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
} catch (error) {
  console.error(`PostgreSQL test run failed to start: ${error.message}`);
  code = 1;
} finally {
  cluster?.stop();
}
process.exit(code);
