// Starts the built app (dist/node + dist/app) as a child process on a free loopback port with a
// fresh temporary data folder, for the scripts that need a real browser against the real server
// (bench-web, take-screenshots). `stop()` ends the child and removes the folder; it is also
// called on Ctrl-C.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';

/** Debian's Chromium, as in playwright.config.ts. */
export const chromiumOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function serveBuild() {
  for (const file of ['dist/node/server/main.js', 'dist/app/index.html', 'dist/app/sw.js']) {
    if (!existsSync(path.join(root, file))) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fleet-web-'));
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const child = spawn(process.execPath, [path.join(root, 'dist/node/server/main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });

  let stopped = false;
  async function stop() {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      if ((await Promise.race([exited, sleep(5_000).then(() => 'timeout')])) === 'timeout') child.kill('SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  }
  process.once('SIGINT', () => void stop().finally(() => process.exit(130)));

  // Localhost (not 127.0.0.1) is a secure context for Chromium by name: service workers and
  // installability checks need it.
  const base = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with code ${child.exitCode}`);
    }
    try {
      // A data call, not health: on a first start it answers once the demo data is complete.
      if ((await fetch(`${base}/api/settings/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not answer /api/settings/ within 90 s');
    }
    await sleep(200);
  }
  return { base, stop };
}
