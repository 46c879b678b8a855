#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL cluster: initdb in a temp folder as the
// `postgres` user (PostgreSQL refuses to run as root), start it on a free port, run the command
// with TEST_PG_URL set, then stop the cluster and remove the folder, whatever the outcome.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findPostgresBin } from './system-deps.mjs';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: with-postgres.mjs <command> [args...]');
  process.exit(2);
}

const bin = findPostgresBin();
if (!bin) {
  // Never a silent skip: a PostgreSQL run that cannot happen is a failed run.
  console.error(
    `PostgreSQL not found (no initdb in ${process.env.PG_BIN || '/usr/lib/postgresql/*/bin'}): run \`sudo apt-get install postgresql\`, or set PG_BIN.`,
  );
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const isRoot = process.getuid?.() === 0;
const asPostgres = (file, args) => (isRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args]);
const run = (file, args) => {
  const [cmd, argv] = asPostgres(file, args);
  execFileSync(cmd, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
};

const dir = mkdtempSync(path.join(os.tmpdir(), 'fleet-pg-'));
chmodSync(dir, 0o777);
const dataDir = path.join(dir, 'data');
const port = await freePort();
let started = false;

function stop() {
  if (started) {
    const [cmd, argv] = asPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
    spawnSync(cmd, argv, { stdio: 'ignore' });
    started = false;
  }
  rmSync(dir, { recursive: true, force: true });
}

let code;
try {
  run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  run(path.join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  started = true;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`PostgreSQL ${path.basename(path.dirname(bin))} started for the tests on port ${port}.`);
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, TEST_PG_URL: url },
    shell: false,
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  code = await new Promise((resolve) => child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
} catch (error) {
  console.error(`PostgreSQL test run failed to start: ${error.message}`);
  code = 1;
} finally {
  stop();
}
process.exit(code);
