import { describe, expect, it } from 'vitest';
import { estimateTotal } from './estimate.ts';

describe('estimateTotal', () => {
  it('counts the days inclusively and multiplies in minor units', () => {
    expect(estimateTotal('45.00', '2026-05-12', '2026-05-15')).toEqual({ days: 4, total: '180.00' });
    expect(estimateTotal('19.99', '2026-05-12', '2026-05-14')).toEqual({ days: 3, total: '59.97' });
  });

  it('is one day when the vehicle comes back the day it leaves', () => {
    expect(estimateTotal('45.50', '2026-05-12', '2026-05-12')).toEqual({ days: 1, total: '45.50' });
  });

  it('has no estimate until both dates are valid and in order', () => {
    expect(estimateTotal('45.00', '', '2026-05-12')).toBeNull();
    expect(estimateTotal('45.00', '2026-05-12', '')).toBeNull();
    expect(estimateTotal('45.00', '2026-05-15', '2026-05-12')).toBeNull();
    expect(estimateTotal('45.00', '2026-02-30', '2026-03-02')).toBeNull();
  });

  it('has no estimate for a price that is not an amount', () => {
    expect(estimateTotal('n/a', '2026-05-12', '2026-05-13')).toBeNull();
  });
});
