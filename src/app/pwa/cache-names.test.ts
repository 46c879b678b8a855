import { describe, expect, it } from 'vitest';
import { isLaterChunk } from './cache-names.ts';

describe('isLaterChunk', () => {
  it('names the built chunks left out of the precache, and nothing else', () => {
    expect(isLaterChunk('/assets/charts-BV3fF0Sg.js')).toBe(true);
    expect(isLaterChunk('/assets/qr-decoder-DMfxOdIb.js')).toBe(true);
    expect(isLaterChunk('/assets/fleet.planner-BuOkgHP4.js')).toBe(true);
    expect(isLaterChunk('/assets/fleet.maintenance-tmOMbFwo.js')).toBe(false);
    expect(isLaterChunk('/assets/customers.analytics-BV3fF0Sg.js')).toBe(false);
    expect(isLaterChunk('/assets/charts-BV3fF0Sg.js.map')).toBe(false);
    expect(isLaterChunk('/media/charts-1.js')).toBe(false);
    expect(isLaterChunk('/api/charts-1.js')).toBe(false);
  });
});
