// @ts-check
/**
 * The two programs the tests need that npm cannot install: Debian's Chromium (Playwright drives
 * it) and PostgreSQL (the second integration run). Where to find them, and what to do when they
 * are missing. No side effects here: scripts/ensure-system-deps.mjs acts on the plan.
 */
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** @typedef {'chromium' | 'postgresql'} SystemPackage */
/** @typedef {{ name: SystemPackage, lookedFor: string }} Missing */
/**
 * @typedef {{ action: 'none' }
 *   | { action: 'install', packages: SystemPackage[], message: string }
 *   | { action: 'stop', message: string }} Plan
 */

/** @type {readonly SystemPackage[]} */
export const SYSTEM_PACKAGES = ['chromium', 'postgresql'];

const POSTGRES_ROOT = '/usr/lib/postgresql';

/**
 * What to do about the missing packages: nothing when none is missing; install them with
 * apt-get where that is allowed (root with apt-get, as on CI); otherwise stop with the command
 * a person should run. There is no "skip": a suite that cannot run is a failure.
 *
 * @param {{ missing: readonly Missing[], isRoot: boolean, hasAptGet: boolean }} facts
 * @returns {Plan}
 */
export function planSystemDeps({ missing, isRoot, hasAptGet }) {
  if (missing.length === 0) return { action: 'none' };
  const packages = missing.map((item) => item.name);
  if (isRoot && hasAptGet) {
    return {
      action: 'install',
      packages,
      message: `Installing from Debian what the tests need: ${packages.join(' ')} (apt-get install).`,
    };
  }
  const what = missing.map((item) => `${item.name} (no ${item.lookedFor})`).join(' and ');
  const command = `sudo apt-get install ${packages.join(' ')}`;
  if (hasAptGet) return { action: 'stop', message: `The tests need ${what}: run \`${command}\`, then try again.` };
  const variables = packages.map((name) => (name === 'chromium' ? 'CHROMIUM_PATH' : 'PG_BIN')).join(' / ');
  return {
    action: 'stop',
    message: `The tests need ${what}: install ${missing.length > 1 ? 'them' : 'it'} (on Debian: \`${command}\`) or set ${variables}, then try again.`,
  };
}

/**
 * Where Playwright looks for Chromium (playwright.config.ts).
 * @param {NodeJS.ProcessEnv} env
 */
export function chromiumPath(env = process.env) {
  return env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/**
 * PostgreSQL's bin folder: $PG_BIN when set (and only there), else the newest
 * /usr/lib/postgresql/<version>/bin; null when it holds no initdb.
 * @param {NodeJS.ProcessEnv} env
 * @returns {string | null}
 */
export function findPostgresBin(env = process.env) {
  if (env.PG_BIN) return existsSync(path.join(env.PG_BIN, 'initdb')) ? env.PG_BIN : null;
  if (!existsSync(POSTGRES_ROOT)) return null;
  const versions = readdirSync(POSTGRES_ROOT).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(POSTGRES_ROOT, version, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

/**
 * The wanted packages that are not where the tests will look for them.
 * @param {readonly SystemPackage[]} wanted
 * @param {NodeJS.ProcessEnv} env
 * @returns {Missing[]}
 */
export function findMissing(wanted, env = process.env) {
  /** @type {Missing[]} */
  const missing = [];
  if (wanted.includes('chromium') && !existsSync(chromiumPath(env))) {
    missing.push({ name: 'chromium', lookedFor: chromiumPath(env) });
  }
  if (wanted.includes('postgresql') && findPostgresBin(env) === null) {
    missing.push({ name: 'postgresql', lookedFor: `initdb in ${env.PG_BIN || `${POSTGRES_ROOT}/*/bin`}` });
  }
  return missing;
}

/**
 * Whether an executable of that name is on PATH.
 * @param {string} name
 * @param {NodeJS.ProcessEnv} env
 */
export function onPath(name, env = process.env) {
  return (env.PATH ?? '').split(path.delimiter).some((dir) => {
    if (!dir) return false;
    try {
      accessSync(path.join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}
