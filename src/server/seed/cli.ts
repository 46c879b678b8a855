/**
 * `npm run seed`: writes the demo data into the configured database (SQLite or PostgreSQL) when
 * it has no users yet, and leaves a database with data untouched.
 */
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { demoLoginsLine } from '../start-message.ts';
import { DEMO_PASSWORD, DEMO_USERS, hasNoUsers, seedDemo } from './index.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  // buildApp runs the migrations, so a brand-new database gets its tables first.
  const app = await buildApp({ config });
  try {
    const where = app.deps.dialect === 'sqlite' ? `SQLite in ${config.dataDir}` : 'PostgreSQL';
    if (!(await hasNoUsers(app.deps))) {
      console.log(`The database (${where}) already has data; nothing was changed.`);
      return;
    }
    const started = Date.now();
    const summary = await seedDemo(app.deps);
    console.log(
      [
        `Seeded demo data into ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
        `  ${summary.agencies} agencies, ${summary.locations} pickup locations, ${summary.vehicles} vehicles (${summary.images} images),`,
        `  ${summary.users} users, ${summary.customers} customers, ${summary.bookings} bookings, ${summary.bookingRequests} booking requests.`,
        demoLoginsLine(DEMO_PASSWORD, DEMO_USERS),
      ].join('\n'),
    );
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
