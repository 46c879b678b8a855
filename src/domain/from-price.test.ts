import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import { FROM_PRICE_DAYS, fromDayRate } from './from-price.ts';
import type { DayRatePlan } from './quote.ts';
import type { Season } from './rate-plan.ts';

const TODAY = '2026-11-26';
const ECONOMY = 1;
const SUV = 2;

function season(id: number, changes: Partial<Season>): Season {
  return {
    id,
    name: `Season ${id}`,
    startDate: addDays(TODAY, 30),
    endDate: addDays(TODAY, 36),
    adjustment: { kind: 'day_rate', dayRate: 4000 },
    categoryIds: [],
    ...changes,
  };
}

function plan(seasons: Season[], categories: DayRatePlan['categories'] = []): DayRatePlan {
  return { seasons, categories };
}

const car = { pricePerDay: 5000, categoryId: ECONOMY };

describe('fromDayRate', () => {
  it('is null without seasons: the card shows its day rate alone', () => {
    expect(fromDayRate(plan([]), car, TODAY)).toBeNull();
  });

  it("is a season's own day rate when it is below the base", () => {
    expect(fromDayRate(plan([season(1, { adjustment: { kind: 'day_rate', dayRate: 4250 } })]), car, TODAY)).toBe(4250);
  });

  it('is a percentage off the base, rounded as the quote rounds it', () => {
    const offPeak = season(1, { adjustment: { kind: 'percent', basisPoints: -1250 } });
    expect(fromDayRate(plan([offPeak]), { ...car, pricePerDay: 4999 }, TODAY)).toBe(4374);
  });

  it('is null when seasons only raise the price: the base is still the lowest', () => {
    const summer = season(1, { adjustment: { kind: 'percent', basisPoints: 2000 } });
    expect(fromDayRate(plan([summer]), car, TODAY)).toBeNull();
  });

  it('is above the base when a season covers every day of the coming year', () => {
    const year = season(1, {
      startDate: addDays(TODAY, -10),
      endDate: addDays(TODAY, FROM_PRICE_DAYS + 10),
      adjustment: { kind: 'percent', basisPoints: 1000 },
    });
    expect(fromDayRate(plan([year]), car, TODAY)).toBe(5500);
  });

  it("reads a season limited to categories only for those categories' vehicles", () => {
    const christmas = season(1, { categoryIds: [ECONOMY] });
    expect(fromDayRate(plan([christmas]), car, TODAY)).toBe(4000);
    expect(fromDayRate(plan([christmas]), { ...car, categoryId: SUV }, TODAY)).toBeNull();
    expect(fromDayRate(plan([christmas]), { ...car, categoryId: null }, TODAY)).toBeNull();
  });

  it('ignores seasons that ended before today and those starting after the coming year', () => {
    const past = season(1, { startDate: addDays(TODAY, -20), endDate: addDays(TODAY, -1) });
    const tooFar = season(2, {
      startDate: addDays(TODAY, FROM_PRICE_DAYS),
      endDate: addDays(TODAY, FROM_PRICE_DAYS + 5),
    });
    expect(fromDayRate(plan([past, tooFar]), car, TODAY)).toBeNull();
    const lastDay = season(3, {
      startDate: addDays(TODAY, FROM_PRICE_DAYS - 1),
      endDate: addDays(TODAY, FROM_PRICE_DAYS + 5),
    });
    expect(fromDayRate(plan([past, tooFar, lastDay]), car, TODAY)).toBe(4000);
  });

  it('counts a season already running today', () => {
    const running = season(1, { startDate: addDays(TODAY, -3), endDate: TODAY });
    expect(fromDayRate(plan([running]), car, TODAY)).toBe(4000);
  });

  it('resolves overlapping seasons by decision 044: the shorter range wins on the days they share', () => {
    // A cheap winter inside which a dearer Christmas wins: the winter's rate is still seen on its other days.
    const winter = season(1, {
      startDate: addDays(TODAY, 10),
      endDate: addDays(TODAY, 60),
      adjustment: { kind: 'day_rate', dayRate: 3000 },
    });
    const christmas = season(2, {
      startDate: addDays(TODAY, 20),
      endDate: addDays(TODAY, 25),
      adjustment: { kind: 'day_rate', dayRate: 9000 },
    });
    expect(fromDayRate(plan([winter, christmas]), car, TODAY)).toBe(3000);
    // Covering exactly the winter's days, the cheap run never prices a day: the shorter dear one wins them all.
    const sameDays = season(3, {
      startDate: addDays(TODAY, 10),
      endDate: addDays(TODAY, 60),
      adjustment: { kind: 'day_rate', dayRate: 4500 },
    });
    // Equal lengths: the higher id (created later) wins, whatever the order of the list.
    expect(fromDayRate(plan([sameDays, winter]), car, TODAY)).toBe(4500);
    expect(fromDayRate(plan([winter, sameDays]), car, TODAY)).toBe(4500);
  });

  it("takes the category's base rate for a vehicle without its own", () => {
    const categories = [{ id: ECONOMY, name: 'Economy', baseDayRate: 6000 }];
    const offPeak = season(1, { adjustment: { kind: 'percent', basisPoints: -5000 } });
    expect(fromDayRate(plan([offPeak], categories), { pricePerDay: 0, categoryId: ECONOMY }, TODAY)).toBe(3000);
    expect(fromDayRate(plan([], categories), { pricePerDay: 0, categoryId: ECONOMY }, TODAY)).toBeNull();
  });
});
