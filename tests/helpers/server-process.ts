import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '#server/config';

const ROOT = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

/** Settings of the test runner's own environment that must not leak into a server under test. */
const NOT_INHERITED =
  /^(DATABASE_URL|TEST_PG_URL|SMTP_URL|PUBLIC_URL|PORT|HOST|DATA_DIR|JWT_SECRET|TRUST_PROXY|S3_.*)$/;

export interface ServerOptions {
  /** The data folder; a fresh temporary one (removed by stop) when not given. */
  dataDir?: string;
  /** DATABASE_URL, JWT_SECRET, TRUST_PROXY, S3_* …: added to a clean environment. */
  env?: Record<string, string>;
}

/** A real server process started from source (`src/server/main.ts`, as `npm start` runs it). */
export interface ServerProcess {
  /** http://127.0.0.1:port */
  readonly url: string;
  readonly dataDir: string;
  /** What it printed so far, for failure messages. */
  output(): string;
  /** SIGTERM (a graceful stop), then SIGKILL if it does not exit in time; removes a temporary data folder. */
  stop(): Promise<void>;
  /** SIGKILL: a crash, mid-write if it was writing. Keeps the data folder. */
  kill(): Promise<void>;
}

/** The environment that points a server process at the database of an in-process test app. */
export function databaseEnv(config: Pick<Config, 'databaseUrl'>): Record<string, string> {
  return config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {};
}

const running = new Set<ChildProcess>();
// A test worker that dies without its afterAll must not leave servers behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** 'up', 'port-taken', or why it did not come up. */
async function waitForHealth(child: ChildProcess, url: string, printed: () => string): Promise<string> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      return printed().includes('EADDRINUSE') ? 'port-taken' : `exited with ${child.exitCode ?? child.signalCode}`;
    }
    try {
      if ((await fetch(`${url}/api/health/`)).ok) return 'up';
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return `no answer from /api/health/ within ${START_TIMEOUT_MS / 1000} s`;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts a server process on a free port and resolves once GET /api/health/ answers 200. It
 * prepares nothing: the database (SQLite in the data folder, or DATABASE_URL) is used as found,
 * so a test writes its data first, and a restart on the same folder or URL finds it again.
 */
export async function startServer(options: ServerOptions = {}): Promise<ServerProcess> {
  const temporary = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'fleet-process-')));
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !NOT_INHERITED.test(name)));
  // Another process may take the port between our probe and the server's listen: try again then.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/server/main.ts'], {
      cwd: ROOT,
      env: {
        ...inherited,
        LOG_LEVEL: 'warn',
        ...options.env,
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    child.once('exit', () => running.delete(child));
    let printed = '';
    child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const url = `http://127.0.0.1:${port}`;
    const server: ServerProcess = {
      url,
      dataDir,
      output: () => printed,
      async kill() {
        child.kill('SIGKILL');
        await exited(child);
      },
      async stop() {
        child.kill('SIGTERM');
        await Promise.race([exited(child), sleep(STOP_TIMEOUT_MS, undefined, { ref: false })]);
        await server.kill();
        if (temporary) await rm(dataDir, { recursive: true, force: true });
      },
    };
    const outcome = await waitForHealth(child, url, () => printed);
    if (outcome === 'up') return server;
    await server.kill();
    if (outcome === 'port-taken' && attempt < 3) continue;
    if (temporary) await rm(dataDir, { recursive: true, force: true });
    throw new Error(`The server at ${url} did not start (${outcome}). It printed:\n${printed}`);
  }
}
