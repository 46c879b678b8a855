import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, isIsoDate, isoDateOrUndefined, isTime, rangesOverlap, rentalDays, todayIso } from './dates.ts';

describe('dates', () => {
  it('accepts real calendar dates only', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('26-01-01')).toBe(false);
    expect(isIsoDate('2026-1-1')).toBe(false);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('2026-04-31')).toBe(false);
    expect(isIsoDate('2026-00-10')).toBe(false);
    expect(isIsoDate('2026-01-00')).toBe(false);
  });

  it('says what a round trip through Date says, for any YYYY-MM-DD', () => {
    const pad = (value: number, width: number) => String(value).padStart(width, '0');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (year, month, day) => {
          const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          const date = new Date(`${text}T00:00:00Z`);
          const byDate = !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
          expect(isIsoDate(text)).toBe(byDate);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('keeps a real date read from an address, drops anything else', () => {
    expect(isoDateOrUndefined('2026-02-28')).toBe('2026-02-28');
    expect(isoDateOrUndefined('2026-02-30')).toBeUndefined();
    expect(isoDateOrUndefined(20260228)).toBeUndefined();
    expect(isoDateOrUndefined(undefined)).toBeUndefined();
  });

  it('accepts 24-hour HH:MM times', () => {
    expect(isTime('09:00')).toBe(true);
    expect(isTime('23:59')).toBe(true);
    expect(isTime('24:00')).toBe(false);
    expect(isTime('9:00')).toBe(false);
    expect(isTime('12:60')).toBe(false);
  });

  it('counts rental days inclusively', () => {
    expect(rentalDays('2026-05-10', '2026-05-10')).toBe(1);
    expect(rentalDays('2026-05-22', '2026-05-25')).toBe(4);
    expect(rentalDays('2026-03-28', '2026-03-30')).toBe(3); // across the UK clock change
  });

  it('treats touching inclusive ranges as overlapping', () => {
    expect(rangesOverlap('2026-05-01', '2026-05-10', '2026-05-10', '2026-05-12')).toBe(true);
    expect(rangesOverlap('2026-05-01', '2026-05-10', '2026-05-11', '2026-05-12')).toBe(false);
    expect(rangesOverlap('2026-05-05', '2026-05-06', '2026-05-01', '2026-05-10')).toBe(true);
  });

  it('adds days and reads today in UTC', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(todayIso(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-22');
  });
});
