import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { isAppPagePath } from '#domain/page-paths';
import type { Config } from './config.ts';
import type { Deps } from './context.ts';
import { connect, type DatabaseHandle } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerCacheControl } from './plugins/cache-control.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerMediaServing } from './plugins/media.ts';
import { registerProcessHeartbeat } from './plugins/process-heartbeat.ts';
import { registerRequestBodies } from './plugins/request-body.ts';
import { clientErrorReply, routerErrorReply } from './plugins/router-errors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerRoutes } from './routes/index.ts';
import { PRIVATE_DIR_MODE } from './services/file-modes.ts';
import { createMailer, type Mailer } from './services/mail.ts';
import { createMediaStore } from './services/media/create-media-store.ts';
import { loadSecrets } from './services/secrets.ts';

export interface BuildOptions {
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** Tests move the clock; production uses the real one. */
  now?: () => Date;
  mailer?: Mailer;
  /** Told of every route as it is registered: the tests' list of routes comes from here. */
  onRoute?: (route: RouteOptions) => void;
}

/** The whole server: plugins first, then the API routes, then the built app and media. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  await mkdir(config.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
    frameworkErrors: routerErrorReply,
    clientErrorHandler: clientErrorReply,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Before the database: a bucket that cannot be used stops the start with nothing opened.
  const media = await createMediaStore(config);
  app.addHook('onClose', async () => media.close());

  const handle: DatabaseHandle = await connect({
    databaseUrl: config.databaseUrl,
    sqlitePath: path.join(config.dataDir, 'fleet.sqlite'),
    onPoolError: (error) => app.log.warn({ err: error }, 'idle database connection lost'),
  });
  app.addHook('onClose', async () => handle.destroy());
  await migrateToLatest(handle.db, handle.dialect);

  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log: app.log });
  app.addHook('onClose', async () => mailer.close());
  const deps: Deps = {
    db: handle.db,
    dialect: handle.dialect,
    config,
    secrets: await loadSecrets(config.dataDir),
    mailer,
    media,
    now: options.now ?? (() => new Date()),
  };
  app.decorate('deps', deps);

  await app.register(cookie);
  registerSecurityHeaders(app);
  await registerRequestBodies(app);
  registerErrorHandling(app);
  registerCacheControl(app);
  registerAuth(app);
  registerCsrf(app);
  registerIdempotency(app, registerProcessHeartbeat(app));
  registerRoutes(app);

  registerMediaServing(app);
  registerAppShell(app, config.appDir);
  return app;
}

/** Requests the browser says load a script, style, image, font or worker never get HTML. */
const PAGE_DESTINATIONS = new Set(['document', 'iframe', 'frame', 'empty']);

function requestPath(request: FastifyRequest): string | null {
  try {
    return decodeURIComponent(request.url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
}

/** The build's compressed copies of a file (scripts/vite/precompress.ts), in the order preferred. */
const PRECOMPRESSED = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;

/** Whether an Accept-Encoding header takes `encoding` (listed without `q=0`). */
function acceptsEncoding(header: string | undefined, encoding: string): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    return name === encoding && !params.some((param) => /^q=0(\.0*)?$/.test(param));
  });
}

/** The shell as the browser takes it: the build's Brotli or gzip copy when it accepts one. */
async function readShell(
  appDir: string,
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer; encoding: string | null } | null> {
  for (const { encoding, extension } of PRECOMPRESSED) {
    if (!acceptsEncoding(acceptEncoding, encoding)) continue;
    const body = await readFile(path.join(appDir, `index.html${extension}`)).catch(() => null);
    if (body) return { body, encoding };
  }
  const body = await readFile(path.join(appDir, 'index.html')).catch(() => null);
  return body && { body, encoding: null };
}

/** A GET or HEAD of a page path (see isAppPagePath) that is not a subresource load. */
function isPageRequest(request: FastifyRequest, pathname: string | null): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const destination = request.headers['sec-fetch-dest'];
  if (typeof destination === 'string' && !PAGE_DESTINATIONS.has(destination)) return false;
  return pathname !== null && isAppPagePath(pathname);
}

/**
 * Serves the built PWA: its files as they are on disk now (a deploy may replace them under a
 * running server), the shell for page URLs (client routing), and a plain 404 for any other
 * missing file, so that a tab of an older version gets an error for its old chunks, not HTML.
 */
function registerAppShell(app: FastifyInstance, appDir: string | null): void {
  const hasApp = appDir !== null && existsSync(path.join(appDir, 'index.html'));
  if (hasApp) {
    void app.register(fastifyStatic, {
      root: appDir,
      prefix: '/',
      decorateReply: false,
      index: false,
      // The `.br` / `.gz` copies the build writes beside each text file (scripts/vite/precompress.ts).
      preCompressed: true,
      // Only file paths reach the disk: page paths get the shell, folders a 404 (not send's 403).
      allowedPath: (pathname) => !pathname.endsWith('/') && !isAppPagePath(pathname),
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = requestPath(request);
    const apiOrMedia = pathname !== null && /^\/(api|media)(\/|$)/.test(pathname);
    const readable = request.method === 'GET' || request.method === 'HEAD';
    if (apiOrMedia || !readable) return reply.code(404).send({ error: 'Not found.' });
    if (!isPageRequest(request, pathname)) {
      return reply.code(404).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Not found.');
    }
    if (!hasApp || !appDir) return reply.code(404).send({ error: 'Not found.' });
    const shell = await readShell(appDir, request.headers['accept-encoding']);
    if (!shell) {
      // Between removing one build and copying the next.
      return reply
        .code(503)
        .header('Cache-Control', 'no-store')
        .header('Retry-After', '5')
        .type('text/plain; charset=utf-8')
        .send('The app is being updated. Try again in a moment.');
    }
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    if (shell.encoding) reply.header('Content-Encoding', shell.encoding);
    return reply.send(shell.body);
  });
}
