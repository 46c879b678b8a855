import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../context.ts';
import { seedDemo, type SeedSummary } from './demo-data.ts';

export { DEMO_PASSWORD, DEMO_USERS, seedDemo, type SeedSummary } from './demo-data.ts';

/** Whether the database has no users yet, i.e. nobody has used it. */
export async function hasNoUsers(deps: Pick<Deps, 'db'>): Promise<boolean> {
  const row = await deps.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Whether a start seeds the demo data: only an empty embedded database. PostgreSQL is never
 * seeded on its own: it is somebody's real database, and `npm run seed` is the way to ask.
 */
export async function needsDemoData(deps: Deps): Promise<boolean> {
  return deps.dialect === 'sqlite' && (await hasNoUsers(deps));
}

/** Seeds the demo data and logs what it wrote and how long it took. */
export async function seedDemoLogged(deps: Deps, log: FastifyBaseLogger): Promise<SeedSummary> {
  const started = Date.now();
  const summary = await seedDemo(deps);
  log.info(
    { ...summary, ms: Date.now() - started },
    `Seeded demo data: ${summary.vehicles} vehicles, ${summary.bookings} bookings, ${summary.bookingRequests} booking requests`,
  );
  return summary;
}
