// A throwaway PostgreSQL cluster: initdb in a temp folder as the `postgres` user (PostgreSQL
// refuses to run as root), started on a free port with durability off (it is thrown away), and
// stop() removes it again. Used by with-postgres.mjs (the test runs) and the benchmarks.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findPostgresBin } from './system-deps.mjs';

/** Why no cluster can start here, as the sentence a person should read. */
export function missingPostgresMessage() {
  return `PostgreSQL not found (no initdb in ${process.env.PG_BIN || '/usr/lib/postgresql/*/bin'}): run \`sudo apt-get install postgresql\`, or set PG_BIN.`;
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

/**
 * Starts a cluster and returns its admin URL and version; `stop()` (safe to call twice) shuts it
 * down at once and removes its folder. Throws when PostgreSQL is missing or does not start, after
 * removing whatever it made. `settings` are extra `-c name=value` server settings.
 */
export async function startPostgres(settings = []) {
  const bin = findPostgresBin();
  if (!bin) throw new Error(missingPostgresMessage());
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fleet-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  let started = false;
  const stop = () => {
    if (started) {
      const [cmd, argv] = asPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
      spawnSync(cmd, argv, { stdio: 'ignore' });
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    const options = [
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      '-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200',
      ...settings.map((setting) => `-c ${setting}`),
    ].join(' ');
    run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-l', path.join(dir, 'log'), '-w', '-o', options, 'start']);
    started = true;
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, version: path.basename(path.dirname(bin)), stop };
  } catch (error) {
    stop();
    throw error;
  }
}
