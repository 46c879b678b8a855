import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { needsDemoData, seedDemoLogged, type SeedSummary } from './index.ts';

/** The one call answered while the demo data is being written: the probe says the server is up. */
const HEALTH_URL = '/api/health/';
const SEED_FAILED = 'The server could not prepare its demo data. Please try again later.';

/**
 * Every API call but the health probe waits until `ready` settles; then it runs (or, if `ready`
 * failed, gets a 503). Pages of the app and media files are not held: they read no rows, and
 * the seed stores its pictures before it commits the rows that name them. Call before the app is
 * ready. Once `ready` has settled a request pays one check of a flag.
 */
export function holdApiUntil(app: FastifyInstance, ready: Promise<unknown>): void {
  let state: 'waiting' | 'ready' | 'failed' = 'waiting';
  const settled = ready.then(
    () => {
      state = 'ready';
    },
    () => {
      state = 'failed';
    },
  );
  const failure = () => (state === 'failed' ? new HttpError(503, SEED_FAILED) : undefined);
  app.addHook('onRequest', (request, _reply, done) => {
    if (state === 'ready' || !request.url.startsWith('/api/') || request.routeOptions.url === HEALTH_URL) {
      done();
      return;
    }
    void settled.then(() => done(failure()));
  });
}

/**
 * The first start on an empty embedded database: the demo data is written while the server
 * already listens, and the API holds every call but the health probe until it has committed
 * (decision 024). Drawing the pictures takes seconds; nobody sees the store before it is whole.
 * Call before the app is ready; `done` settles with the seed (null: nothing to seed).
 */
export async function seedOnFirstStart(app: FastifyInstance): Promise<{ done: Promise<SeedSummary> } | null> {
  if (!(await needsDemoData(app.deps))) return null;
  const done = seedDemoLogged(app.deps, app.log);
  holdApiUntil(app, done);
  return { done };
}
