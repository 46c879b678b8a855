import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedOnFirstStart } from './seed/first-start.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/index.ts';
import { PRIVATE_UMASK } from './services/file-modes.ts';
import { startMessage } from './start-message.ts';

async function main(): Promise<void> {
  // Before anything is written: the database, mail with reset links, licenses and secrets under
  // DATA_DIR are created 600 (folders 700), whichever code creates them.
  process.umask(PRIVATE_UMASK);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ config, logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
  // An empty embedded database gets the demo data while the server already answers (decision 024).
  const firstStart = await seedOnFirstStart(app);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, closing`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(
    startMessage({
      publicUrl: config.publicUrlSet ? config.publicUrl : null,
      host: config.host,
      port: (app.server.address() as { port: number }).port,
      dialect: app.deps.dialect,
      dataDir: config.databaseUrl ? null : config.dataDir,
      demoLogins: firstStart !== null || !config.databaseUrl ? { password: DEMO_PASSWORD, users: DEMO_USERS } : null,
    }),
  );
  // A seed that fails stops the start, as it always did: nothing half-written is ever served.
  await firstStart?.done;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Start failed: ${error.message}` : error);
  process.exit(1);
});
