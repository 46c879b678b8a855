import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../context.ts';
import { seedDemo } from './demo-data.ts';

export { DEMO_PASSWORD, DEMO_USERS, seedDemo, type SeedSummary } from './demo-data.ts';

/** Whether the database has no users yet, i.e. nobody has used it. */
export async function hasNoUsers(deps: Pick<Deps, 'db'>): Promise<boolean> {
  const row = await deps.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Seeds the demo data into an empty embedded database; returns whether it did. PostgreSQL is
 * never seeded on its own: it is somebody's real database, and `npm run seed` is the way to ask.
 */
export async function seedIfEmpty(deps: Deps, log: FastifyBaseLogger): Promise<boolean> {
  if (deps.dialect !== 'sqlite' || !(await hasNoUsers(deps))) return false;
  const started = Date.now();
  const summary = await seedDemo(deps);
  log.info(
    { ...summary, ms: Date.now() - started },
    `Seeded demo data: ${summary.vehicles} vehicles, ${summary.bookings} bookings, ${summary.bookingRequests} booking requests`,
  );
  return true;
}
