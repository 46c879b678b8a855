#!/usr/bin/env node
// @ts-check
/**
 * Run before the suites that need Chromium or PostgreSQL (npm test, test:e2e, test:pg): does
 * nothing when they are there; installs them from Debian when missing and allowed (root with
 * apt-get, as on CI); otherwise stops with one line naming the command to run.
 *
 * usage: ensure-system-deps.mjs [chromium] [postgresql]   (both when none is named)
 */
import { spawnSync } from 'node:child_process';
import { SYSTEM_PACKAGES, findMissing, onPath, planSystemDeps } from './system-deps.mjs';

const args = process.argv.slice(2);
if (args.some((arg) => !SYSTEM_PACKAGES.some((name) => name === arg))) {
  console.error(`usage: ensure-system-deps.mjs [${SYSTEM_PACKAGES.join('] [')}]`);
  process.exit(2);
}
const wanted = SYSTEM_PACKAGES.filter((name) => args.length === 0 || args.includes(name));

const plan = planSystemDeps({
  missing: findMissing(wanted),
  isRoot: process.getuid?.() === 0,
  hasAptGet: onPath('apt-get'),
});

if (plan.action === 'stop') {
  console.error(plan.message);
  process.exit(1);
}

if (plan.action === 'install') {
  console.log(plan.message);
  /** @param {string[]} argv */
  const aptGet = (argv) => {
    const result = spawnSync('apt-get', argv, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) {
      console.error(
        `\`apt-get ${argv.join(' ')}\` failed (exit ${result.status ?? result.signal}); see its output above.`,
      );
      process.exit(1);
    }
  };
  aptGet(['update']);
  aptGet(['install', '-y', '--no-install-recommends', ...plan.packages]);
  const still = findMissing(wanted);
  if (still.length > 0) {
    console.error(
      `Still missing after apt-get install: ${still.map((item) => `${item.name} (no ${item.lookedFor})`).join(' and ')}.`,
    );
    process.exit(1);
  }
}
