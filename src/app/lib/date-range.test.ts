import { describe, expect, it } from 'vitest';
import { dateRangeError } from './date-range.ts';

describe('dateRangeError', () => {
  it('says an end before the start at once', () => {
    expect(dateRangeError('2031-05-10', '2031-05-09')).toBe('End date cannot be before start date.');
  });

  it('accepts a one-day range and a later end', () => {
    expect(dateRangeError('2031-05-10', '2031-05-10')).toBeUndefined();
    expect(dateRangeError('2031-05-10', '2031-06-01')).toBeUndefined();
  });

  it('waits while either date is empty or half typed', () => {
    expect(dateRangeError('', '2031-05-09')).toBeUndefined();
    expect(dateRangeError('2031-05-10', undefined)).toBeUndefined();
    expect(dateRangeError('2031-05-10', '203')).toBeUndefined();
  });
});
