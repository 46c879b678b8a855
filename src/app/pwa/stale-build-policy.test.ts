import { describe, expect, it } from 'vitest';
import {
  RELOAD_GRACE_MS,
  decideRecovery,
  entryScriptOf,
  isChunkLoadError,
  parseReloadMark,
  type RecoveryInput,
} from './stale-build-policy.ts';

const NOW = 1_750_000_000_000;
const clean: RecoveryInput = {
  newerBuild: true,
  unsavedWork: false,
  sending: false,
  mark: null,
  build: 'build-1',
  now: NOW,
};

describe('isChunkLoadError', () => {
  it('recognises a failed dynamic import in every engine, and a chunk whose CSS failed', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://fleet.example/assets/edit-vehicle._id-OLD.js',
      'error loading dynamically imported module: https://fleet.example/assets/about-OLD.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/fleet-OLD.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    }
  });

  it('leaves other errors to the screen', () => {
    expect(isChunkLoadError(new Error('Vehicle not found.'))).toBe(false);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('entryScriptOf', () => {
  it("reads the entry script of Vite's index.html", () => {
    const html =
      '<!doctype html><head><title>Fleet</title><script type="module" crossorigin src="/assets/index-_u57jjF4.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/vendor-WBTgvug9.js"></head>';
    expect(entryScriptOf(html)).toBe('/assets/index-_u57jjF4.js');
    expect(entryScriptOf('<!doctype html><p>maintenance</p>')).toBeNull();
  });
});

describe('parseReloadMark', () => {
  it('reads what an automatic reload left, and nothing else', () => {
    expect(parseReloadMark(JSON.stringify({ from: 'build-1', at: NOW }))).toEqual({ from: 'build-1', at: NOW });
    for (const raw of [null, '', 'not json', '1', '{"from":1,"at":2}', '{"from":"b"}', 'null']) {
      expect(parseReloadMark(raw), String(raw)).toBeNull();
    }
  });
});

describe('decideRecovery', () => {
  it('reloads into a newer build when nothing is at stake', () => {
    expect(decideRecovery(clean)).toBe('reload');
  });

  it('does not reload when a reload would not bring newer code (offline, or the same build)', () => {
    expect(decideRecovery({ ...clean, newerBuild: false })).toBe('unavailable');
    expect(decideRecovery({ ...clean, newerBuild: false, unsavedWork: true })).toBe('unavailable');
  });

  it('never reloads over unsaved work or a write in flight, and says which', () => {
    expect(decideRecovery({ ...clean, unsavedWork: true })).toBe('unsaved');
    expect(decideRecovery({ ...clean, sending: true })).toBe('sending');
    expect(decideRecovery({ ...clean, unsavedWork: true, sending: true })).toBe('unsaved');
  });

  it('reloads once: not again from the same build, nor within the grace period', () => {
    const long = NOW - RELOAD_GRACE_MS - 1;
    expect(decideRecovery({ ...clean, mark: { from: 'build-1', at: long } })).toBe('repeated');
    expect(decideRecovery({ ...clean, mark: { from: 'build-0', at: NOW - 5_000 } })).toBe('repeated');
    // A later deploy, long after the last reload into this build: reload again.
    expect(decideRecovery({ ...clean, mark: { from: 'build-0', at: long } })).toBe('reload');
  });
});
