import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';

const SHELL = '<!doctype html><html><head><script type="module" src="/assets/index-NEW1.js"></script></head></html>';
const VENDOR = `export const words = ${JSON.stringify('Fleet Rental '.repeat(200))};`;
const NAVIGATION = {
  accept: 'text/html,application/xhtml+xml',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};

describe(`the app shell and missing files (${ENGINE})`, () => {
  let t: TestApp;
  let root: string;
  let appDir: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'fleet-app-'));
    appDir = path.join(root, 'app');
    await writeFile(path.join(root, 'secret.txt'), 'top secret');
    await mkdir(path.join(appDir, 'assets'), { recursive: true });
    await mkdir(path.join(appDir, 'icons'));
    await writeFile(path.join(appDir, 'index.html'), SHELL);
    await writeFile(path.join(appDir, 'assets', 'index-NEW1.js'), 'console.log("new");');
    await writeFile(path.join(appDir, 'assets', 'index-NEW1.css'), 'body{}');
    // A chunk with the compressed copies the build writes beside it (scripts/vite/precompress.ts).
    await writeFile(path.join(appDir, 'assets', 'vendor-C1.js'), VENDOR);
    await writeFile(path.join(appDir, 'assets', 'vendor-C1.js.br'), brotliCompressSync(VENDOR));
    await writeFile(path.join(appDir, 'assets', 'vendor-C1.js.gz'), gzipSync(VENDOR));
    await writeFile(path.join(appDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(path.join(appDir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    t = await createTestApp({ appDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  const send = (url: string, options: Omit<InjectOptions, 'url'> = {}) =>
    t.app.inject({ method: 'GET', ...options, url });

  async function expectShell(url: string, headers: Record<string, string> = {}) {
    const reply = await send(url, { headers });
    expect(reply.statusCode, url).toBe(200);
    expect(reply.headers['content-type'], url).toBe('text/html; charset=utf-8');
    expect(reply.headers['cache-control'], url).toBe('no-cache');
    expect(reply.body, url).toBe(SHELL);
  }

  async function expectMissingFile(url: string, options: Omit<InjectOptions, 'url'> = {}) {
    const reply = await send(url, options);
    expect(reply.statusCode, url).toBe(404);
    expect(reply.headers['content-type'], url).toBe('text/plain; charset=utf-8');
    expect(reply.headers['cache-control'], url).toBe('no-store');
    expect(reply.headers['x-content-type-options'], url).toBe('nosniff');
    if (options.method !== 'HEAD') expect(reply.body, url).toBe('Not found.');
  }

  it('answers every page URL of the app with the shell, fresh on each load', async () => {
    for (const url of [
      '/',
      '/about',
      '/edit-vehicle/12',
      '/booking-details/5',
      '/customer/booking-requests/7/confirm',
      '/add-booking?customerId=3',
      '/public-customers/book-vehicle/4?from=card.list',
      '/customers/list/',
      '/request/password_reset',
      '/password-reset/Q3x-9_kLmN0pQrStUvWxYz0123456789abcdefghijk',
      '/no/such/page',
    ]) {
      await expectShell(url);
    }
  });

  it('answers a browser navigation to a page with the shell, and its HEAD without a body', async () => {
    await expectShell('/fleet/vehicles', NAVIGATION);
    const head = await send('/edit-vehicle/12', { method: 'HEAD', headers: NAVIGATION });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body).toBe('');
  });

  it('answers a missing file with a plain 404 that is never cached, even to a navigation', async () => {
    for (const url of [
      '/assets/index-OLDHASH.js',
      '/assets/index-OLDHASH.css',
      '/assets/edit-vehicle._id-OLDHASH.js?v=1',
      '/assets/',
      '/assets',
      '/icons/missing.png',
      '/robots.txt',
      '/favicon.ico',
      '/.well-known/assetlinks.json',
    ]) {
      await expectMissingFile(url);
    }
    await expectMissingFile('/robots.txt', { headers: NAVIGATION });
    await expectMissingFile('/assets/index-OLDHASH.js', { method: 'HEAD' });
    await expectMissingFile('/assets/index-OLDHASH.js', {
      headers: { accept: '*/*', 'sec-fetch-dest': 'script', 'sec-fetch-mode': 'cors' },
    });
  });

  it('never answers a script, style or image load with HTML, whatever its path', async () => {
    for (const destination of ['script', 'style', 'image', 'font', 'worker']) {
      await expectMissingFile('/fleet/vehicles', { headers: { 'sec-fetch-dest': destination } });
    }
    // The same path as a document or a fetch() is a page.
    await expectShell('/fleet/vehicles', { 'sec-fetch-dest': 'empty' });
    await expectShell('/fleet/vehicles', { 'sec-fetch-dest': 'iframe' });
  });

  it('serves existing files with their caching: hashed assets immutable, the rest revalidated', async () => {
    const script = await send('/assets/index-NEW1.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe('console.log("new");');

    const style = await send('/assets/index-NEW1.css');
    expect(style.headers['content-type']).toMatch(/^text\/css/);
    expect(style.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const url of ['/sw.js', '/index.html', '/icons/icon-192.png']) {
      const reply = await send(url);
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await send('/icons/icon-192.png')).headers['content-type']).toBe('image/png');
  });

  it('sends the compressed copy a browser accepts, and the file itself to one that accepts none', async () => {
    const brotli = await send('/assets/vendor-C1.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(brotli.headers['vary']).toContain('accept-encoding');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(VENDOR);

    const gzip = await send('/assets/vendor-C1.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(VENDOR);

    const plain = await send('/assets/vendor-C1.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(VENDOR);

    // A file the build left uncompressed (too small) is sent as it is, whatever the browser accepts.
    const small = await send('/assets/index-NEW1.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log("new");');
  });

  it('sends the shell compressed to a browser that accepts it, as it is otherwise', async () => {
    await writeFile(path.join(appDir, 'index.html.br'), brotliCompressSync(SHELL));
    await writeFile(path.join(appDir, 'index.html.gz'), gzipSync(SHELL));
    try {
      const brotli = await send('/login', { headers: { ...NAVIGATION, 'accept-encoding': 'gzip, deflate, br' } });
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(brotli.headers['cache-control']).toBe('no-cache');
      expect(brotli.headers['vary']).toBe('Accept-Encoding');
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SHELL);

      const gzip = await send('/', { headers: { ...NAVIGATION, 'accept-encoding': 'gzip, br;q=0' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(SHELL);

      const plain = await send('/', { headers: NAVIGATION });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SHELL);
    } finally {
      await rm(path.join(appDir, 'index.html.br'));
      await rm(path.join(appDir, 'index.html.gz'));
    }
  });

  it('keeps the JSON 404 of unknown API and media paths, and of other methods', async () => {
    for (const url of ['/api/nothing-here/', '/api', '/media/vehicles/missing.webp', '/media/']) {
      const reply = await send(url);
      expect(reply.statusCode, url).toBe(404);
      expect(reply.headers['content-type'], url).toMatch(/^application\/json/);
      expect(reply.json(), url).toEqual({ error: 'Not found.' });
    }
    const post = await send('/edit-vehicle/12', { method: 'POST', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ error: 'Not found.' });
  });

  it('never serves a file from outside the app folder, nor the shell for a malformed path', async () => {
    for (const url of [
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/%E0%A4%A',
    ]) {
      const reply = await send(url);
      expect(reply.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, url).toBeLessThan(500);
      expect(reply.body, url).not.toContain('top secret');
      expect(reply.body, url).not.toContain('<html');
    }
  });

  it('serves a build replaced under the running server: new files, the new shell, old chunks gone', async () => {
    const next = SHELL.replace('index-NEW1.js', 'index-NEW2.js');
    await writeFile(path.join(appDir, 'assets', 'index-NEW2.js'), 'console.log("newer");');
    await rm(path.join(appDir, 'assets', 'index-NEW1.js'));
    await writeFile(path.join(appDir, 'index.html'), next);

    const page = await send('/edit-vehicle/12');
    expect(page.body).toBe(next);
    expect((await send('/assets/index-NEW2.js')).body).toBe('console.log("newer");');
    await expectMissingFile('/assets/index-NEW1.js');

    // Between removing one build and copying the next, a page is "try again", not a blank 404.
    await rename(path.join(appDir, 'index.html'), path.join(appDir, 'index.next'));
    try {
      const updating = await send('/edit-vehicle/12');
      expect(updating.statusCode).toBe(503);
      expect(updating.headers['retry-after']).toBe('5');
      expect(updating.headers['cache-control']).toBe('no-store');
    } finally {
      await rename(path.join(appDir, 'index.next'), path.join(appDir, 'index.html'));
    }
    expect((await send('/')).statusCode).toBe(200);
  });
});
