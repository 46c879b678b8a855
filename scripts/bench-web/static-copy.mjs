// Serves the static copy of the landing on its own loopback origin: `/` is the captured HTML,
// every other path (stylesheets, images, icons) is the app server's file. Everything is sent as
// cacheable for a year, so that after one warm-up visit a new tab offline finds all of it in
// Chromium's HTTP cache, as the app finds its files in the service worker's caches.
import http from 'node:http';

const HOST = '127.0.0.1';
const CACHEABLE = 'public, max-age=31536000, immutable';

export async function serveStaticCopy(html, appBase) {
  const server = http.createServer((request, response) => {
    void (async () => {
      if (request.url === '/') {
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': CACHEABLE });
        response.end(html);
        return;
      }
      const upstream = await fetch(new URL(request.url ?? '/', appBase));
      const headers = { 'Cache-Control': upstream.ok ? CACHEABLE : 'no-store' };
      const type = upstream.headers.get('content-type');
      if (type) headers['Content-Type'] = type;
      response.writeHead(upstream.status, headers);
      response.end(Buffer.from(await upstream.arrayBuffer()));
    })().catch((error) => {
      response.writeHead(502, { 'Content-Type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, resolve);
  });
  // Named like the app's origin (localhost), so both load as the same kind of secure context.
  const url = `http://localhost:${server.address().port}/`;
  const close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url, close };
}
