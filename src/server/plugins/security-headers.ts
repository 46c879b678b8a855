import type { FastifyInstance } from 'fastify';

/**
 * The one inline script the app has: index.html's loading shell picks its placeholders by path
 * before anything is painted (decision 036). Allowed by its SHA-256 (base64), so any other inline
 * script stays refused; security-headers.test.ts checks it against index.html.
 */
export const BOOT_SCRIPT_HASH = 'sha256-O4OkQX/nuLbbydbxSe845xphis4dyGvubnU0ZPUULnw=';

/** What the app's pages need: its own scripts, inline styles, images from media and blobs, no frames of us. */
const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'object-src': ["'self'", 'blob:'],
  'script-src': ["'self'", `'${BOOT_SCRIPT_HASH}'`],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'frame-src': ["'self'", 'blob:'],
};

/**
 * The headers helmet's defaults gave every reply (with our policy above, and no
 * Cross-Origin-Embedder-Policy: licenses open in frames of blobs). A route may replace one
 * (a license download sends `Content-Security-Policy: sandbox`).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': Object.entries(CSP_DIRECTIVES)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * Sets the security headers on every reply, from one table built at start. @fastify/helmet
 * builds helmet's middleware anew on every request (parsing the policy each time): an eighth
 * of the public list's time (decision 024).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
