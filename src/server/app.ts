import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Deps } from './context.ts';
import { connect, type DatabaseHandle } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerCacheControl } from './plugins/cache-control.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerMultipart } from './plugins/multipart.ts';
import { routerErrorReply } from './plugins/router-errors.ts';
import { registerRoutes } from './routes/index.ts';
import { MediaStore } from './services/images.ts';
import { PRIVATE_DIR_MODE } from './services/file-modes.ts';
import { createMailer, type Mailer } from './services/mail.ts';
import { loadSecrets } from './services/secrets.ts';

export interface BuildOptions {
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** Tests move the clock; production uses the real one. */
  now?: () => Date;
  mailer?: Mailer;
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
  });

  const handle: DatabaseHandle = connect({
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
    media: new MediaStore(config.dataDir),
    now: options.now ?? (() => new Date()),
  };
  app.decorate('deps', deps);

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await registerMultipart(app);
  registerErrorHandling(app);
  registerCacheControl(app);
  registerAuth(app);
  registerCsrf(app);
  registerIdempotency(app);
  registerRoutes(app);

  await mkdir(deps.media.publicDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: deps.media.publicDir,
    prefix: '/media/',
    // Media keys are random and never reused, so a file at a URL never changes.
    immutable: true,
    maxAge: '365d',
  });
  registerAppShell(app, config.appDir);
  return app;
}

/** Serves the built PWA and answers unknown non-API paths with its shell (client routing). */
function registerAppShell(app: FastifyInstance, appDir: string | null): void {
  const hasApp = appDir !== null && existsSync(path.join(appDir, 'index.html'));
  if (hasApp) {
    void app.register(fastifyStatic, {
      root: appDir,
      prefix: '/',
      decorateReply: false,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/media/');
    if (hasApp && isPage && appDir) {
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html')
        .sendFile('index.html', appDir, { cacheControl: false });
    }
    return reply.code(404).send({ error: 'Not found.' });
  });
}
