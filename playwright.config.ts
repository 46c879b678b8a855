import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { SHARED_DATA_TAG } from './e2e/support/shared-data.ts';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/**
 * Test workers (E2E_WORKERS, else one). Two are safe (the shared-data tests run alone after the
 * rest), but not faster on a 2-core machine, where the server and Chromium already use both cores:
 * measured, 17.7 min on two against 17.1 min on one (decision 049).
 */
const WORKERS_DEFAULT = 1;
const workers = Number(process.env.E2E_WORKERS ?? WORKERS_DEFAULT);
const sharedData = new RegExp(SHARED_DATA_TAG);
// Set once in the runner's environment, which the test workers inherit.
const dataDir = (process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `fleet-e2e-${process.pid}`));
// The test SMTP server (e2e/support/smtp-sink.ts) the app sends its mail to, and the folder where it
// keeps what it receives, which the specs read (e2e/support/mail.ts).
const smtpPort = Number((process.env.E2E_SMTP_PORT ??= String(PORT + 1000)));
process.env.E2E_MAIL_DIR ??= `${dataDir}-mail`;

/**
 * e2e runs the production build on the real server, with a fresh data folder, in Debian's Chromium.
 * One server and one database for every spec: the specs make their own users, customers, vehicles
 * and bookings, so files run on `workers` workers at once (a file's tests one after another). The
 * tests tagged SHARED_DATA_TAG (e2e/support/shared-data.ts) read figures the others change, so they
 * run in a project of their own, on one worker, after the parallel one.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  globalSetup: './e2e/support/smtp-sink.ts',
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', grepInvert: sharedData, use: { ...devices['Desktop Chrome'] } },
    {
      // Alone on the server: nothing else writes while these compare live figures with the screen.
      // It waits for the parallel project, and does not run if a test there failed.
      name: 'shared-data',
      grep: sharedData,
      dependencies: ['chromium'],
      workers: 1,
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node dist/node/server/main.js`,
    // Health answers while the first start still seeds; a data call answers once the demo data is
    // in (decision 024), so the specs start on a ready store.
    url: `http://localhost:${PORT}/api/settings/`,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // The specs' API set-up calls say which visitor they stand for (e2e/support/api.ts anotherVisitor).
      TRUST_PROXY: '1',
    },
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
