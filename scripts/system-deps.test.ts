import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumPath, findMissing, findPostgresBin, planSystemDeps } from './system-deps.mjs';

const chromium = { name: 'chromium', lookedFor: '/usr/bin/chromium' } as const;
const postgresql = { name: 'postgresql', lookedFor: 'initdb in /usr/lib/postgresql/*/bin' } as const;

describe('planSystemDeps', () => {
  it('does nothing when nothing is missing, whoever runs it', () => {
    for (const isRoot of [true, false]) {
      for (const hasAptGet of [true, false]) {
        expect(planSystemDeps({ missing: [], isRoot, hasAptGet })).toEqual({ action: 'none' });
      }
    }
  });

  it('installs what is missing as root with apt-get, and says so', () => {
    expect(planSystemDeps({ missing: [chromium, postgresql], isRoot: true, hasAptGet: true })).toEqual({
      action: 'install',
      packages: ['chromium', 'postgresql'],
      message: 'Installing from Debian what the tests need: chromium postgresql (apt-get install).',
    });
    expect(planSystemDeps({ missing: [postgresql], isRoot: true, hasAptGet: true })).toMatchObject({
      action: 'install',
      packages: ['postgresql'],
    });
  });

  it('stops with the sudo command when not root', () => {
    expect(planSystemDeps({ missing: [chromium, postgresql], isRoot: false, hasAptGet: true })).toEqual({
      action: 'stop',
      message:
        'The tests need chromium (no /usr/bin/chromium) and postgresql (no initdb in /usr/lib/postgresql/*/bin): ' +
        'run `sudo apt-get install chromium postgresql`, then try again.',
    });
  });

  it('stops naming the Debian command and the variables where there is no apt-get', () => {
    for (const isRoot of [true, false]) {
      const plan = planSystemDeps({ missing: [chromium], isRoot, hasAptGet: false });
      expect(plan).toEqual({
        action: 'stop',
        message:
          'The tests need chromium (no /usr/bin/chromium): install it (on Debian: ' +
          '`sudo apt-get install chromium`) or set CHROMIUM_PATH, then try again.',
      });
    }
    expect(planSystemDeps({ missing: [chromium, postgresql], isRoot: false, hasAptGet: false })).toMatchObject({
      message: expect.stringContaining('or set CHROMIUM_PATH / PG_BIN,'),
    });
  });

  it('writes every message on one line', () => {
    for (const isRoot of [true, false]) {
      for (const hasAptGet of [true, false]) {
        const plan = planSystemDeps({ missing: [chromium, postgresql], isRoot, hasAptGet });
        expect('message' in plan && plan.message).not.toMatch(/\n/);
      }
    }
  });
});

describe('finding the programs', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'system-deps-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('looks for Chromium at CHROMIUM_PATH, else /usr/bin/chromium', () => {
    expect(chromiumPath({})).toBe('/usr/bin/chromium');
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/chromium' })).toBe('/opt/chromium');
  });

  it('looks for PostgreSQL only in PG_BIN when it is set', () => {
    const bin = path.join(dir, 'pg', 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(path.join(bin, 'initdb'), '');
    expect(findPostgresBin({ PG_BIN: bin })).toBe(bin);
    expect(findPostgresBin({ PG_BIN: path.join(dir, 'elsewhere') })).toBeNull();
  });

  it('reports a missing program with where it looked', () => {
    const env = { CHROMIUM_PATH: path.join(dir, 'no-chromium'), PG_BIN: path.join(dir, 'pg', 'bin') };
    expect(findMissing(['chromium', 'postgresql'], env)).toEqual([
      { name: 'chromium', lookedFor: path.join(dir, 'no-chromium') },
    ]);
    expect(findMissing(['postgresql'], env)).toEqual([]);
    expect(findMissing(['postgresql'], { PG_BIN: path.join(dir, 'elsewhere') })).toEqual([
      { name: 'postgresql', lookedFor: `initdb in ${path.join(dir, 'elsewhere')}` },
    ]);
  });
});
