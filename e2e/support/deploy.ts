import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A server of its own for deploy tests: the built server run with its working folder in a temp
 * directory, so that it serves `<temp>/dist/app` (see config.ts appDir), a copy of the build that
 * the test replaces under it, with its own data folder (demo data seeded on start) and port.
 */

const REPO = path.resolve(import.meta.dirname, '../..');
const TEXT_FILES = /\.(html|js|css|map|webmanifest|json)$/;
const HASHED = /\.(js|css)$/;

export interface DeployServer {
  url: string;
  /**
   * Replaces the served build by the other one, as a deploy does while the server keeps running;
   * each call swaps again, so every test can start on one build and deploy the other.
   */
  deploy(): Promise<void>;
  stop(): Promise<void>;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The next build, made from a copy of this one: every hashed asset gets a new name (with its
 * references in every file and the worker's precache list), so the old chunks are gone as after
 * a real deploy, and the worker script changes so the browser installs it as a new version.
 */
async function makeNextBuild(from: string, to: string): Promise<void> {
  await cp(from, to, { recursive: true });
  // The build's Brotli and gzip copies name the old chunks inside: the next build goes without
  // them (the server then sends the files themselves), or the old chunks would still be served.
  for (const file of await filesUnder(to)) {
    if (/\.(br|gz)$/.test(file)) await rm(file);
  }
  const assets = path.join(to, 'assets');
  const renames = new Map<string, string>();
  for (const name of await readdir(assets)) {
    if (HASHED.test(name)) renames.set(name, name.replace(HASHED, '-next$&'));
  }
  const escaped = [...renames.keys()].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const anyOld = new RegExp(escaped.join('|'), 'g');
  for (const file of await filesUnder(to)) {
    if (!TEXT_FILES.test(file)) continue;
    const text = await readFile(file, 'utf8');
    const next = text.replace(anyOld, (name) => renames.get(name) ?? name);
    if (next !== text) await writeFile(file, next);
  }
  for (const name of await readdir(assets)) {
    const old = name.endsWith('.map') ? name.slice(0, -'.map'.length) : name;
    const renamed = renames.get(old);
    if (renamed) await rename(path.join(assets, name), path.join(assets, name.replace(old, renamed)));
  }
  // The shell changed, so its precache revision must too, or the new worker would keep the old one.
  const shell = await readFile(path.join(to, 'index.html'));
  const revision = createHash('md5').update(shell).digest('hex');
  const worker = path.join(to, 'sw.js');
  const script = await readFile(worker, 'utf8');
  const updated = script.replace(
    /\{"revision":"[0-9a-f]+","url":"index\.html"\}/,
    `{"revision":"${revision}","url":"index.html"}`,
  );
  if (updated === script) throw new Error('The worker script lists no index.html revision to update.');
  await writeFile(worker, updated);
}

function waitForListening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        child.stdout?.off('data', onData);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`The deploy test server exited (${code}):\n${output}`)));
  });
}

/** Starts the built server on a copy of `dist/app` (run `npm run build` first). */
export async function startDeployServer(): Promise<DeployServer> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'fleet-deploy-'));
  const live = path.join(root, 'dist', 'app');
  const next = path.join(root, 'next');
  await mkdir(path.dirname(live), { recursive: true });
  await cp(path.join(REPO, 'dist', 'app'), live, { recursive: true });
  await makeNextBuild(live, next);

  // Its own data and a free port; nothing of the outer server's setup (database, mail, address).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !['DATABASE_URL', 'PUBLIC_URL', 'SMTP_URL', 'JWT_SECRET', 'HOST', 'PORT', 'DATA_DIR'].includes(name),
    ),
  );
  const child = spawn(process.execPath, [path.join(REPO, 'dist', 'node', 'server', 'main.js')], {
    cwd: root,
    env: { ...env, PORT: '0', DATA_DIR: path.join(root, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(root, { recursive: true, force: true });
  };
  try {
    const url = await waitForListening(child);
    return {
      url,
      async deploy() {
        const previous = path.join(root, 'previous');
        await rename(live, previous);
        await rename(next, live);
        await rename(previous, next);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
