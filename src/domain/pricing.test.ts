import { describe, expect, it } from 'vitest';
import { priceRental } from './pricing.ts';

describe('priceRental', () => {
  it('prices inclusive days at the daily rate, itemised', () => {
    expect(priceRental({ startDate: '2026-03-01', endDate: '2026-03-03', pricePerDay: 4550 })).toEqual({
      days: 3,
      lines: [{ kind: 'rental', quantity: 3, unitAmount: 4550, amount: 13650 }],
      rental: 13650,
      discount: 0,
      total: 13650,
      discountExceedsRental: false,
    });
  });

  it('a one-day rental is one day; a change of clocks (29 March 2026 in the UK) changes nothing', () => {
    expect(priceRental({ startDate: '2026-05-01', endDate: '2026-05-01', pricePerDay: 3000 })?.total).toBe(3000);
    expect(priceRental({ startDate: '2026-03-28', endDate: '2026-03-30', pricePerDay: 3000 })?.days).toBe(3);
  });

  it('takes a discount off as its own line', () => {
    const price = priceRental({ startDate: '2026-03-01', endDate: '2026-03-02', pricePerDay: 5000, discount: 1250 });
    expect(price?.lines).toEqual([
      { kind: 'rental', quantity: 2, unitAmount: 5000, amount: 10000 },
      { kind: 'discount', quantity: 1, unitAmount: -1250, amount: -1250 },
    ]);
    expect(price?.total).toBe(8750);
    expect(price?.discountExceedsRental).toBe(false);
  });

  it('a discount over the rental is flagged and the total stays at zero', () => {
    const price = priceRental({ startDate: '2026-03-01', endDate: '2026-03-01', pricePerDay: 5000, discount: 6000 });
    expect(price?.discountExceedsRental).toBe(true);
    expect(price?.total).toBe(0);
  });

  it('has no price until the dates are two valid days in order', () => {
    expect(priceRental({ startDate: '2026-03-02', endDate: '2026-03-01', pricePerDay: 5000 })).toBeNull();
    expect(priceRental({ startDate: '', endDate: '2026-03-01', pricePerDay: 5000 })).toBeNull();
    expect(priceRental({ startDate: '2026-02-30', endDate: '2026-03-01', pricePerDay: 5000 })).toBeNull();
  });
});
