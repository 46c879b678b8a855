// Sizes read from the build: gzip level 9, as the budgets count them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from '../serve-build.mjs';

const appDir = path.join(root, 'dist/app');
export const KB = 1024;

export const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;
export const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

/** The gzip size of a built file, by its URL path. */
export const builtFileGzip = async (urlPath) => gzipSize(await readFile(path.join(appDir, urlPath.replace(/^\//, ''))));

/** The entry chunk and the chunks it preloads, as dist/app/index.html lists them. */
export async function entryAndPreloads() {
  const html = await readFile(path.join(appDir, 'index.html'), 'utf8');
  const urls = new Set();
  for (const [, src] of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) urls.add(src);
  for (const [, href] of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(href);
  let gzip = 0;
  for (const url of urls) gzip += await builtFileGzip(url);
  return { files: urls.size, gzip };
}

/** The entries of the manifest injected into dist/app/sw.js, and which of them are media. */
export async function precache() {
  const sw = await readFile(path.join(appDir, 'sw.js'), 'utf8');
  const urls = new Set(
    [
      ...sw.matchAll(/\{"revision":(?:"[^"]*"|null),"url":"([^"]+)"\}/g),
      ...sw.matchAll(/\{"url":"([^"]+)","revision"/g),
    ].map(([, url]) => url),
  );
  if (urls.size === 0) throw new Error('no precache manifest found in dist/app/sw.js');
  let gzip = 0;
  for (const url of urls) gzip += await builtFileGzip(url);
  const media = [...urls].filter((url) => /(^|\/)media\/|screenshots\/|\.(webp|jpe?g|avif)$/i.test(url));
  return { count: urls.size, gzip, media };
}
