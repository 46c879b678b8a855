import { describe, expect, it } from 'vitest';
import { bookingAllowance, pickupFarFromStart, returnFlags, returnFlagTexts } from './return-flags.ts';

describe('return flags', () => {
  const allowance = bookingAllowance(200, '2026-03-01', '2026-03-03');

  it('counts the allowance per rental day, inclusively', () => {
    expect(allowance).toEqual({ kmPerDay: 200, days: 3 });
    expect(bookingAllowance(150, '2026-03-01', '2026-03-01')).toEqual({ kmPerDay: 150, days: 1 });
  });

  it('flags nothing when fuel is as high and the km within the allowance', () => {
    const flags = returnFlags({ mileage: 1000, fuel_eighths: 6 }, { mileage: 1600, fuel_eighths: 6 }, allowance);
    expect(flags).toEqual({ fuel: null, mileage: null });
    expect(returnFlagTexts(flags, allowance)).toEqual([]);
    expect(returnFlags({ mileage: 1000, fuel_eighths: 4 }, { mileage: 1000, fuel_eighths: 8 }, allowance).fuel).toBe(
      null,
    );
  });

  it('flags fuel lower than at pickup', () => {
    const flags = returnFlags({ mileage: 1000, fuel_eighths: 8 }, { mileage: 1100, fuel_eighths: 4 }, allowance);
    expect(flags.fuel).toEqual({ pickup: 8, returned: 4 });
    expect(returnFlagTexts(flags, allowance)).toEqual(['Fuel is lower than at pickup: 1/2 now, Full at pickup.']);
  });

  it('flags the km over the allowance, one past it included', () => {
    expect(
      returnFlags({ mileage: 1000, fuel_eighths: 8 }, { mileage: 1601, fuel_eighths: 8 }, allowance).mileage,
    ).toEqual({
      driven: 601,
      allowed: 600,
      over: 1,
    });
    const flags = returnFlags({ mileage: 1000, fuel_eighths: 8 }, { mileage: 2250, fuel_eighths: 7 }, allowance);
    expect(returnFlagTexts(flags, allowance)).toEqual([
      'Fuel is lower than at pickup: 7/8 now, Full at pickup.',
      '650 km over the mileage allowance: 1,250 km driven, 600 km allowed (200 km a day for 3 days).',
    ]);
  });

  it('flags no km when the vehicle has no allowance set', () => {
    const none = bookingAllowance(0, '2026-03-01', '2026-03-03');
    expect(returnFlags({ mileage: 0, fuel_eighths: 8 }, { mileage: 99_999, fuel_eighths: 8 }, none).mileage).toBe(null);
  });
});

describe('a pickup far from the start', () => {
  it('is fine from the day before to the day after the start', () => {
    expect(pickupFarFromStart('2026-02-28', '2026-03-01')).toBe(null);
    expect(pickupFarFromStart('2026-03-01', '2026-03-01')).toBe(null);
    expect(pickupFarFromStart('2026-03-02', '2026-03-01')).toBe(null);
  });

  it('says how many days before or after otherwise', () => {
    expect(pickupFarFromStart('2026-02-27', '2026-03-01')).toBe(-2);
    expect(pickupFarFromStart('2026-03-03', '2026-03-01')).toBe(2);
    expect(pickupFarFromStart('2027-03-01', '2026-03-01')).toBe(365);
  });
});
