// What the bench:api sections share: free ports, the compiled server or another script as a child
// process, temporary folders, and one clean-up list the runner empties at the end, on a failure
// and on Ctrl-C, so no child process or folder outlives a run.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const HOST = '127.0.0.1';
export const SERVER_ENTRY = path.join(root, 'dist/node/server/main.js');

const cleanups = [];

/** Runs every registered clean-up, newest first; safe to call more than once. */
export async function cleanUpAll() {
  while (cleanups.length) {
    const cleanup = cleanups.pop();
    await cleanup().catch((error) => console.error(`clean-up failed: ${error.message}`));
  }
}

/**
 * Runs a section's `bench({ quick, engines })` when its module is the script node was given
 * (`node scripts/bench/<section>.mjs [--quick] [sqlite|postgres]`): exit code 0 when every verdict
 * passed, 1 otherwise or on a failure, and everything cleaned up.
 */
export async function runAlone(moduleUrl, bench) {
  if (!process.argv[1] || fileURLToPath(moduleUrl) !== path.resolve(process.argv[1])) return;
  const args = process.argv.slice(2);
  const engines = args.filter((arg) => arg === 'sqlite' || arg === 'postgres');
  try {
    const { verdicts } = await bench({ quick: args.includes('--quick'), ...(engines.length ? { engines } : {}) });
    process.exitCode = verdicts.every(Boolean) ? 0 : 1;
  } catch (error) {
    console.error(`\nBenchmark failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await cleanUpAll();
  }
}

/** Registers a clean-up; returns a function that runs it now (once) and unregisters it. */
function onCleanUp(cleanup) {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    await cleanup();
  };
  cleanups.push(once);
  return async () => {
    const index = cleanups.indexOf(once);
    if (index >= 0) cleanups.splice(index, 1);
    await once();
  };
}

/** A fresh folder under the system's temporary one; removed by the returned function. */
export async function temporaryDir(prefix) {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const remove = onCleanUp(() => rm(dir, { recursive: true, force: true }));
  return { dir, remove };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Settings of the caller's environment that would point a server elsewhere than asked. */
const NOT_INHERITED = /^(DATABASE_URL|SMTP_URL|PUBLIC_URL|JWT_SECRET|TRUST_PROXY|S3_.*)$/;

/** The server's environment: the caller's, without what would point it elsewhere, plus `extra`. */
export function serverEnv(extra) {
  const inherited = Object.entries(process.env).filter(([name]) => !NOT_INHERITED.test(name));
  return { ...Object.fromEntries(inherited), HOST, LOG_LEVEL: 'warn', ...extra };
}

function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts `node <args>` as a child process; its output is kept (for failure messages and for
 * what callers wait to read). `stop()` sends SIGTERM, then SIGKILL after 5 s.
 */
export function startChild(args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const stop = onCleanUp(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    if ((await Promise.race([exited(child), sleep(5_000).then(() => 'late')])) === 'late') child.kill('SIGKILL');
    await exited(child);
  });
  return { child, output: () => output, stop };
}

/** Polls GET url until it answers 200; returns the time it did (performance.now()). */
export async function waitFor200(url, child, timeoutMs = 60_000) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the process exited (${child.exitCode ?? child.signalCode}) before ${url} answered`);
    }
    try {
      const reply = await fetch(url);
      await reply.arrayBuffer();
      if (reply.status === 200) return performance.now();
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

/**
 * The compiled server (`npm run build:server`) on a free port with `env` (DATA_DIR at least);
 * resolves once /api/health/ answers, with the time from spawn to that answer.
 */
export async function startCompiledServer(env) {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error('the compiled server is missing: run `npm run build:server` first (npm run bench:api does)');
  }
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const spawnedAt = performance.now();
  const server = startChild([SERVER_ENTRY], serverEnv({ ...env, PORT: String(port) }));
  try {
    const healthyAt = await waitFor200(`${base}/api/health/`, server.child);
    return { ...server, base, spawnedAt, healthMs: healthyAt - spawnedAt };
  } catch (error) {
    await server.stop();
    throw new Error(`${error.message}; the server printed:\n${server.output()}`, { cause: error });
  }
}

/** Signs in like the app: CSRF cookie, then login; returns the cookie header and CSRF token. */
export async function signIn(base, account) {
  const jar = new Map();
  const keep = (reply) => {
    for (const line of reply.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  };
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  keep(await fetch(`${base}/api/csrf/`));
  const reply = await fetch(`${base}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': jar.get('csrftoken'), cookie: header() },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  if (!reply.ok) throw new Error(`login of ${account.username} failed: ${reply.status} ${await reply.text()}`);
  keep(reply);
  // Signing in renews the CSRF token: the one to send from now on is the cookie's.
  return { cookie: header(), csrf: jar.get('csrftoken') };
}
