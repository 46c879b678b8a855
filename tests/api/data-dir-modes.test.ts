import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from '#server/services/mail';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { TestClient } from '../helpers/client.ts';
import { png } from '../helpers/images.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(ROOT, 'src/server/main.ts');

const mode = async (file: string) => ((await stat(file)).mode & 0o777).toString(8);

/** Every file and folder under `dir` with a permission for group or others, as "mode path". */
async function tooOpen(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const bits = (await stat(full)).mode & 0o777;
    if (bits & 0o077) found.push(`${bits.toString(8)} ${path.relative(dir, full)}`);
  }
  const own = (await stat(dir)).mode & 0o777;
  if (own & 0o077) found.push(`${own.toString(8)} .`);
  return found;
}

async function filesIn(dir: string): Promise<string[]> {
  return existsSync(dir) ? readdir(dir) : [];
}

const registration = (suffix: string) => ({
  email: `modes-${suffix}@example.com`,
  username: `modes-${suffix}`,
  phone_number: '+44 20 7946 0999',
  first_name: 'Mo',
  last_name: 'Des',
  password: 'modes-pass-1',
});

describe(`files under DATA_DIR are the server's own: 600, folders 700 (${ENGINE})`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('buildApp creates them private even under a permissive umask', async () => {
    // The modes passed where files are created must hold without the umask main.ts sets.
    const previous = process.umask(0o022);
    let t: TestApp | undefined;
    const parent = await mkdtemp(path.join(os.tmpdir(), 'fleet-modes-'));
    cleanups.push(() => rm(parent, { recursive: true, force: true }));
    try {
      const dataDir = path.join(parent, 'data');
      t = await createTestApp({ env: { DATA_DIR: dataDir } });
      const client = new TestClient(t.app);
      expect((await client.post('/api/register/customer/', registration('inproc'))).status).toBe(201);
      const mailer = createMailer({ smtpUrl: null, dataDir, log: t.app.log });
      await mailer.send({ to: 'someone@example.com', subject: 'Reset', text: 'a link' });
      mailer.close();

      expect(await mode(dataDir)).toBe('700');
      expect(await mode(path.join(dataDir, 'secrets.json'))).toBe('600');
      expect(await mode(path.join(dataDir, 'mail'))).toBe('700');
      const mails = await filesIn(path.join(dataDir, 'mail'));
      expect(mails).toHaveLength(1);
      expect(await mode(path.join(dataDir, 'mail', mails[0] ?? ''))).toBe('600');
      if (ENGINE === 'sqlite') {
        for (const name of ['fleet.sqlite', 'fleet.sqlite-wal', 'fleet.sqlite-shm']) {
          expect([name, await mode(path.join(dataDir, name))]).toEqual([name, '600']);
        }
      }
    } finally {
      process.umask(previous);
      await t?.close();
    }
  });

  it('a started server keeps everything it writes private: database, mail, licenses, media, secrets', async () => {
    // On PostgreSQL the test's database serves the started server too (it is never seeded).
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const parent = await mkdtemp(path.join(os.tmpdir(), 'fleet-modes-'));
    cleanups.push(() => rm(parent, { recursive: true, force: true }));
    const dataDir = path.join(parent, 'data');
    const server = await startServer({
      DATA_DIR: dataDir,
      ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
    });
    cleanups.push(() => stopServer(server.child));

    const http = new HttpClient(server.base);
    const account = registration('process');
    expect((await http.send('POST', '/api/register/customer/', { json: account })).status).toBe(201);
    expect((await http.send('POST', '/api/login/', { json: account })).status).toBe(200);
    const form = new FormData();
    form.append('drivers_license', new Blob([Uint8Array.from(await png(64, 48))], { type: 'image/png' }), 'id.png');
    expect((await http.send('PATCH', '/api/customers/me/', { form })).status).toBe(200);
    expect((await http.send('POST', '/api/password_reset/', { json: { email: account.email } })).status).toBe(200);
    // The reset mail is written after the reply.
    for (let i = 0; i < 100 && (await filesIn(path.join(dataDir, 'mail'))).length === 0; i++) await sleep(50);
    expect(await filesIn(path.join(dataDir, 'mail'))).toHaveLength(1);

    const written = await readdir(dataDir, { recursive: true });
    expect(written).toContain('secrets.json');
    expect(written.some((name) => name.includes('licenses'))).toBe(true);
    if (ENGINE === 'sqlite') expect(written).toEqual(expect.arrayContaining(['fleet.sqlite', 'fleet.sqlite-wal']));
    expect(await tooOpen(dataDir)).toEqual([]);
  });
});

/** Starts src/server/main.ts as its own process on a free port; resolves once it listens. */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', MAIN], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', JWT_SECRET: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 50_000;
  while (Date.now() < deadline) {
    const port = /running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
    if (port) return { child, base: `http://127.0.0.1:${port}` };
    if (child.exitCode !== null) break;
    await sleep(100);
  }
  await stopServer(child);
  throw new Error(`the server did not start:\n${output}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  if ((await Promise.race([exited, sleep(5_000).then(() => 'late')])) === 'late') child.kill('SIGKILL');
}

/** fetch with a cookie jar and the CSRF header, as the app sends them. */
class HttpClient {
  private cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  async send(method: string, url: string, body: { json?: unknown; form?: FormData } = {}): Promise<Response> {
    if (method !== 'GET' && !this.cookies.has('csrftoken')) await this.send('GET', '/api/csrf/');
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-csrftoken': this.cookies.get('csrftoken') ?? '',
    };
    if (body.json !== undefined) headers['content-type'] = 'application/json';
    const reply = await fetch(this.base + url, {
      method,
      headers,
      body: body.form ?? (body.json === undefined ? undefined : JSON.stringify(body.json)),
    });
    for (const line of reply.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (value) this.cookies.set(pair.slice(0, eq), value);
      else this.cookies.delete(pair.slice(0, eq));
    }
    await reply.arrayBuffer();
    return reply;
  }
}
