import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, rentalDays } from './dates.ts';
import { divideRounded, hourlyCharge, quoteRental } from './quote.ts';
import type { Extra, LengthTier, Quote, QuoteInput, QuoteLine, QuoteResult, RatePlan, Season } from './rate-plan.ts';
import { emptyRatePlan } from './rate-plan-view.ts';

const CHILD_SEAT: Extra = {
  id: 5,
  name: 'Child seat',
  charge: 'per_day',
  price: 500,
  capPerRental: 3000,
  maxQuantity: 3,
  stock: [{ locationId: 1, quantity: 4 }],
};
const EXTRA_DRIVER: Extra = {
  id: 2,
  name: 'Additional driver',
  charge: 'per_rental',
  price: 1500,
  capPerRental: null,
  maxQuantity: 1,
  stock: null,
};
const SUMMER: Season = {
  id: 1,
  name: 'Summer',
  startDate: '2026-07-01',
  endDate: '2026-08-31',
  adjustment: { kind: 'day_rate', dayRate: 7000 },
  categoryIds: [],
};

function plan(changes: Partial<RatePlan> = {}): RatePlan {
  return { ...emptyRatePlan(1, 'GBP', 0), version: 7, ...changes };
}

function input(changes: Partial<QuoteInput> = {}): QuoteInput {
  return {
    vehicle: { id: 9, categoryId: 3, pricePerDay: 5000, deposit: 20000, mileageAllowance: 200 },
    startDate: '2026-06-01',
    endDate: '2026-06-03',
    pickupTime: '09:00',
    dropoffTime: '18:00',
    pickupLocationId: 1,
    dropoffLocationId: 1,
    extras: [],
    driverAge: 30,
    ...changes,
  };
}

/** The quote of a result that must have one. */
function quoted(result: QuoteResult): Quote {
  if (!result.ok) throw new Error(`no quote: ${result.problem.field}: ${result.problem.message}`);
  return result.quote;
}

const brief = (lines: QuoteLine[]) =>
  lines.map(({ code, label, quantity, unitAmount }) => [code, label, quantity, unitAmount]);
const sumOf = (lines: QuoteLine[]) => lines.reduce((sum, line) => sum + line.amount, 0);

describe('quoteRental: days and their rates', () => {
  it('counts days inclusively at the vehicle’s rate, with the deposit, the terms and the plan’s version', () => {
    const terms = { pricePerExtraKm: 25, fuelPolicy: 'full_to_full' as const, fuelPricePerEighth: 1200 };
    const quote = quoted(quoteRental(plan({ terms }), input()));
    expect(quote).toEqual({
      planVersion: 7,
      currency: 'GBP',
      days: 3,
      hours: null,
      lines: [
        {
          kind: 'rental',
          code: 'rental:base',
          label: 'Base rate (3 days)',
          quantity: 3,
          unitAmount: 5000,
          amount: 15000,
        },
      ],
      tier: null,
      tax: 0,
      taxIncluded: false,
      total: 15000,
      deposit: 20000,
      terms: { ...terms, mileageAllowanceKm: 600 },
    });
  });

  it('takes the category’s base rate for a vehicle without its own; none at all is free', () => {
    const categories = [{ id: 3, name: 'SUV', baseDayRate: 6500 }];
    const noRate = input({ vehicle: { ...input().vehicle, pricePerDay: 0 } });
    expect(quoted(quoteRental(plan({ categories }), noRate)).total).toBe(19500);
    expect(quoted(quoteRental(plan(), noRate)).total).toBe(0);
  });

  it('prices each day by the season that covers it, grouped by rate, first day first', () => {
    const quote = quoted(
      quoteRental(plan({ seasons: [SUMMER] }), input({ startDate: '2026-06-28', endDate: '2026-07-03' })),
    );
    expect(brief(quote.lines)).toEqual([
      ['rental:base', 'Base rate (3 days)', 3, 5000],
      ['rental:season:1', 'Summer (3 days)', 3, 7000],
    ]);
    expect(quote.total).toBe(36000);
  });

  it('a percent season changes the base, rounded once per day rate; one day is "1 day"', () => {
    const seasons: Season[] = [{ ...SUMMER, adjustment: { kind: 'percent', basisPoints: 1250 } }];
    const vehicle = { ...input().vehicle, pricePerDay: 4555 };
    const quote = quoted(
      quoteRental(plan({ seasons }), input({ vehicle, startDate: '2026-07-01', endDate: '2026-07-01' })),
    );
    // 4555 × 1.125 = 5124.375 → 5124.
    expect(brief(quote.lines)).toEqual([['rental:season:1', 'Summer (1 day)', 1, 5124]]);
    // 10 % of 4555 = 455.5 → 456: half away from zero, not down.
    const tenPercent: Season[] = [{ ...SUMMER, adjustment: { kind: 'percent', basisPoints: 1000 } }];
    const up = quoted(
      quoteRental(plan({ seasons: tenPercent }), input({ vehicle, startDate: '2026-07-01', endDate: '2026-07-01' })),
    );
    expect(up.total).toBe(5011);
  });

  it('a season for chosen categories leaves other vehicles at the base', () => {
    const seasons = [{ ...SUMMER, categoryIds: [4] }];
    const dates = { startDate: '2026-07-01', endDate: '2026-07-02' };
    expect(quoted(quoteRental(plan({ seasons }), input(dates))).total).toBe(10000);
    const uncategorised = input({ ...dates, vehicle: { ...input().vehicle, categoryId: null } });
    expect(quoted(quoteRental(plan({ seasons }), uncategorised)).total).toBe(10000);
    const suv = input({ ...dates, vehicle: { ...input().vehicle, categoryId: 4 } });
    expect(quoted(quoteRental(plan({ seasons }), suv)).total).toBe(14000);
  });

  it('where seasons overlap, the shorter one wins, and a season broken by another is one line', () => {
    const festival: Season = {
      id: 0,
      name: 'Festival',
      startDate: '2026-07-03',
      endDate: '2026-07-04',
      adjustment: { kind: 'percent', basisPoints: 5000 },
      categoryIds: [],
    };
    const quote = quoted(
      quoteRental(plan({ seasons: [SUMMER, festival] }), input({ startDate: '2026-06-30', endDate: '2026-07-06' })),
    );
    expect(brief(quote.lines)).toEqual([
      ['rental:base', 'Base rate (1 day)', 1, 5000],
      ['rental:season:1', 'Summer (4 days)', 4, 7000],
      ['rental:season:0', 'Festival (2 days)', 2, 7500],
    ]);
  });

  it('between two seasons of the same length, the later id wins whatever their order', () => {
    const other: Season = { ...SUMMER, id: 8, name: 'High summer', adjustment: { kind: 'day_rate', dayRate: 9000 } };
    const dates = input({ startDate: '2026-07-10', endDate: '2026-07-10' });
    expect(quoted(quoteRental(plan({ seasons: [SUMMER, other] }), dates)).total).toBe(9000);
    expect(quoted(quoteRental(plan({ seasons: [other, SUMMER] }), dates)).total).toBe(9000);
  });

  it('a season to the last day of the calendar (9999-12-31) covers a rental to that day', () => {
    const forever: Season = { ...SUMMER, startDate: '9999-12-30', endDate: '9999-12-31' };
    const quote = quoted(
      quoteRental(plan({ seasons: [forever] }), input({ startDate: '9999-12-29', endDate: '9999-12-31' })),
    );
    expect(brief(quote.lines)).toEqual([
      ['rental:base', 'Base rate (1 day)', 1, 5000],
      ['rental:season:1', 'Summer (2 days)', 2, 7000],
    ]);
  });

  it('prices a rental of years without going day by day', () => {
    const quote = quoted(
      quoteRental(plan({ seasons: [SUMMER] }), input({ startDate: '2026-01-01', endDate: '3025-12-31' })),
    );
    expect(quote.days).toBe(rentalDays('2026-01-01', '3025-12-31'));
    expect(quote.lines.map((line) => line.quantity)).toEqual([quote.days - 62, 62]);
  });
});

describe('quoteRental: length tiers', () => {
  const WEEK: LengthTier = { id: 1, name: '7+ days', minDays: 7, adjustment: { kind: 'percent', basisPoints: -1000 } };
  const MONTH: LengthTier = { id: 2, name: '28+ days', minDays: 28, adjustment: { kind: 'day_rate', dayRate: 3000 } };

  it('the tier with the highest minimum reached applies: a percent is one line off the rental days', () => {
    const quote = quoted(
      quoteRental(plan({ tiers: [MONTH, WEEK] }), input({ startDate: '2026-06-01', endDate: '2026-06-10' })),
    );
    expect(brief(quote.lines)).toEqual([
      ['rental:base', 'Base rate (10 days)', 10, 5000],
      ['tier:1', '7+ days \u221210 %', 1, -5000],
    ]);
    expect(quote.tier).toBe('7+ days');
    expect(quote.total).toBe(45000);
  });

  it('rounds the reduction half away from zero, once, on the rental’s sum', () => {
    const vehicle = { ...input().vehicle, pricePerDay: 715 };
    // 7 × 715 = 5005; 10 % of it is 500.5 → 501 off.
    const quote = quoted(quoteRental(plan({ tiers: [WEEK] }), input({ vehicle, endDate: '2026-06-07' })));
    expect(quote.lines[1]?.amount).toBe(-501);
    expect(quote.total).toBe(4504);
  });

  it('a day-rate tier replaces every day’s rate, seasons included, and is named', () => {
    const quote = quoted(
      quoteRental(
        plan({ tiers: [WEEK, MONTH], seasons: [SUMMER] }),
        input({ startDate: '2026-06-16', endDate: '2026-07-15' }),
      ),
    );
    expect(brief(quote.lines)).toEqual([['rental:tier:2', '28+ days (30 days)', 30, 3000]]);
    expect(quote.tier).toBe('28+ days');
  });

  it('below every minimum no tier applies', () => {
    const quote = quoted(quoteRental(plan({ tiers: [WEEK, MONTH] }), input({ endDate: '2026-06-06' })));
    expect(quote.tier).toBeNull();
    expect(quote.lines.map((line) => line.kind)).toEqual(['rental']);
  });
});

describe('quoteRental: by the hour', () => {
  const hourly = plan({ hourlyBasisPoints: 1500 });
  const sameDay = { startDate: '2026-06-01', endDate: '2026-06-01' };

  it('prices a same-day rental by started hours at the plan’s share of the day rate', () => {
    const quote = quoted(quoteRental(hourly, input({ ...sameDay, pickupTime: '09:00', dropoffTime: '12:30' })));
    expect(quote.hours).toBe(4);
    expect(brief(quote.lines)).toEqual([['rental:base', 'Base rate (4 hours)', 4, 750]]);
    expect(quote.total).toBe(3000);
  });

  it('never above the day rate: then it is a day', () => {
    const quote = quoted(quoteRental(hourly, input({ ...sameDay, pickupTime: '09:00', dropoffTime: '18:00' })));
    expect(quote.hours).toBeNull();
    expect(brief(quote.lines)).toEqual([['rental:base', 'Base rate (1 day)', 1, 5000]]);
  });

  it('is a day without hourly pricing, over two days, or with the dropoff not after the pickup', () => {
    const short = { pickupTime: '09:00', dropoffTime: '10:00' };
    expect(quoted(quoteRental(plan(), input({ ...sameDay, ...short }))).hours).toBeNull();
    expect(quoted(quoteRental(hourly, input({ ...short, endDate: '2026-06-02' }))).days).toBe(2);
    expect(quoted(quoteRental(hourly, input({ ...sameDay, pickupTime: '10:00', dropoffTime: '09:00' }))).total).toBe(
      5000,
    );
  });

  it('hourlyCharge: started hours, capped at the day rate; a day without hourly pricing; nothing for no time', () => {
    expect(hourlyCharge(5000, 2.1, { hourlyBasisPoints: 1500 })).toBe(2250);
    expect(hourlyCharge(5000, 10, { hourlyBasisPoints: 1500 })).toBe(5000);
    expect(hourlyCharge(5000, 0, { hourlyBasisPoints: 1500 })).toBe(0);
    expect(hourlyCharge(5000, 1, { hourlyBasisPoints: 0 })).toBe(5000);
    // 15 % of 4555 = 683.25 → 683 an hour.
    expect(hourlyCharge(4555, 3, { hourlyBasisPoints: 1500 })).toBe(2049);
  });
});

describe('quoteRental: extras', () => {
  const extras = [CHILD_SEAT, EXTRA_DRIVER];

  it('per day up to the cap per unit, per rental once; lines in the catalogue’s id order', () => {
    const quote = quoted(
      quoteRental(
        plan({ extras }),
        input({
          endDate: '2026-06-10',
          extras: [
            { extraId: 5, quantity: 2 },
            { extraId: 2, quantity: 1 },
          ],
        }),
      ),
    );
    expect(brief(quote.lines.slice(1))).toEqual([
      ['extra:2', 'Additional driver', 1, 1500],
      ['extra:5', 'Child seat × 2', 2, 3000],
    ]);
    expect(quote.total).toBe(50000 + 1500 + 6000);
  });

  it('below the cap a per-day extra is its days', () => {
    const quote = quoted(quoteRental(plan({ extras }), input({ extras: [{ extraId: 5, quantity: 1 }] })));
    expect(brief(quote.lines.slice(1))).toEqual([['extra:5', 'Child seat', 1, 1500]]);
  });

  it.each([
    [[{ extraId: 77, quantity: 1 }], 'One of the extras chosen is no longer offered.'],
    [[{ extraId: 5, quantity: 0 }], 'Choose at least one Child seat, or leave it out.'],
    [[{ extraId: 5, quantity: 1.5 }], 'Choose at least one Child seat, or leave it out.'],
    [[{ extraId: 5, quantity: 4 }], 'At most 3 × Child seat per rental.'],
    [
      [
        { extraId: 2, quantity: 1 },
        { extraId: 2, quantity: 1 },
      ],
      'Additional driver is chosen more than once.',
    ],
  ])('refuses %j: %s', (chosen, message) => {
    expect(quoteRental(plan({ extras }), input({ extras: chosen }))).toEqual({
      ok: false,
      problem: { field: 'extras', message },
    });
  });
});

describe('quoteRental: fees', () => {
  const oneWay = { flat: 2500, pairs: [{ fromLocationId: 1, toLocationId: 2, amount: 4000 }] };
  const feeLines = (quote: Quote) => brief(quote.lines.filter((line) => line.kind === 'fee'));

  it('one-way: the pair’s amount, else the flat fee, else none; none when the places match or one is unknown', () => {
    const withFlat = plan({ fees: { ...plan().fees, oneWay } });
    const withoutFlat = plan({ fees: { ...plan().fees, oneWay: { ...oneWay, flat: null } } });
    const to = (pickupLocationId: number | null, dropoffLocationId: number | null) =>
      input({ pickupLocationId, dropoffLocationId });
    expect(feeLines(quoted(quoteRental(withFlat, to(1, 2))))).toEqual([['fee:one_way', 'One-way fee', 1, 4000]]);
    expect(feeLines(quoted(quoteRental(withFlat, to(2, 1))))).toEqual([['fee:one_way', 'One-way fee', 1, 2500]]);
    expect(feeLines(quoted(quoteRental(withoutFlat, to(2, 1))))).toEqual([]);
    expect(feeLines(quoted(quoteRental(withFlat, to(2, 2))))).toEqual([]);
    expect(feeLines(quoted(quoteRental(withFlat, to(1, null))))).toEqual([]);
  });

  it('young driver: under the age, per day or per rental; not at the age, not when the age is unknown', () => {
    const fees = (charge: 'per_day' | 'per_rental') => ({
      ...plan().fees,
      youngDriver: { underAge: 25, charge, amount: 1000 },
    });
    const young = input({ driverAge: 22 });
    expect(feeLines(quoted(quoteRental(plan({ fees: fees('per_day') }), young)))).toEqual([
      ['fee:young_driver', 'Young driver (under 25)', 3, 1000],
    ]);
    expect(feeLines(quoted(quoteRental(plan({ fees: fees('per_rental') }), young)))).toEqual([
      ['fee:young_driver', 'Young driver (under 25)', 1, 1000],
    ]);
    expect(feeLines(quoted(quoteRental(plan({ fees: fees('per_day') }), input({ driverAge: 25 }))))).toEqual([]);
    expect(feeLines(quoted(quoteRental(plan({ fees: fees('per_day') }), input({ driverAge: null }))))).toEqual([]);
  });

  it('out of hours: once for a pickup and once for a dropoff outside [opens, closes)', () => {
    const fees = { ...plan().fees, outOfHours: { opens: '08:00', closes: '18:00', amount: 1500 } };
    const at = (pickupTime: string, dropoffTime: string) =>
      feeLines(quoted(quoteRental(plan({ fees }), input({ pickupTime, dropoffTime }))));
    expect(at('08:00', '17:59')).toEqual([]);
    expect(at('07:59', '12:00')).toEqual([['fee:out_of_hours', 'Out-of-hours pickup', 1, 1500]]);
    expect(at('09:00', '18:00')).toEqual([['fee:out_of_hours', 'Out-of-hours dropoff', 1, 1500]]);
    expect(at('06:30', '22:00')).toEqual([['fee:out_of_hours', 'Out-of-hours pickup and dropoff', 2, 1500]]);
  });

  it('out of hours across midnight (opens 22:00, closes 06:00)', () => {
    const fees = { ...plan().fees, outOfHours: { opens: '22:00', closes: '06:00', amount: 1500 } };
    const quote = quoted(quoteRental(plan({ fees }), input({ pickupTime: '23:00', dropoffTime: '07:00' })));
    expect(feeLines(quote)).toEqual([['fee:out_of_hours', 'Out-of-hours dropoff', 1, 1500]]);
  });
});

describe('quoteRental: discount and tax', () => {
  it('a discount is its own negative line, up to everything before it', () => {
    const extras = [EXTRA_DRIVER];
    const chosen = input({ extras: [{ extraId: 2, quantity: 1 }], discount: 16500 });
    const quote = quoted(quoteRental(plan({ extras }), chosen));
    expect(brief(quote.lines.slice(-1))).toEqual([['discount', 'Discount', 1, -16500]]);
    expect(quote.total).toBe(0);
    expect(quoteRental(plan({ extras }), { ...chosen, discount: 16501 })).toEqual({
      ok: false,
      problem: { field: 'discount_amount', message: 'The discount is more than the rental.' },
    });
  });

  it('tax on top: one line, rounded once on the sum of the lines', () => {
    const vehicle = { ...input().vehicle, pricePerDay: 5001 };
    // 3 × 5001 = 15003; 17.5 % = 2625.525 → 2626.
    const quote = quoted(quoteRental(plan({ taxRate: 1750 }), input({ vehicle })));
    expect(brief(quote.lines.slice(-1))).toEqual([['tax', 'Tax (17.5 %)', 1, 2626]]);
    expect(quote).toMatchObject({ tax: 2626, taxIncluded: false, total: 17629 });
  });

  it('tax inside the prices: no line, the total unchanged, the tax it holds said', () => {
    const quote = quoted(quoteRental(plan({ taxRate: 2000, pricesIncludeTax: true }), input()));
    expect(quote.lines.map((line) => line.kind)).toEqual(['rental']);
    expect(quote).toMatchObject({ tax: 2500, taxIncluded: true, total: 15000 });
    // 10 001 × 20/120 = 1666.83 → 1667.
    const odd = input({
      startDate: '2026-06-01',
      endDate: '2026-06-01',
      vehicle: { ...input().vehicle, pricePerDay: 10001 },
    });
    expect(quoted(quoteRental(plan({ taxRate: 2000, pricesIncludeTax: true }), odd)).tax).toBe(1667);
  });

  it('divideRounded: half away from zero, never a negative zero', () => {
    expect([divideRounded(5, 2), divideRounded(-5, 2), divideRounded(4, 3), divideRounded(-1, 3)]).toEqual([
      3, -3, 1, 0,
    ]);
    expect(Object.is(divideRounded(-1, 3), 0)).toBe(true);
  });
});

describe('quoteRental: what cannot be priced', () => {
  it.each([
    [{ startDate: '2026-02-30' }, 'start_date', 'Start date must be a date (YYYY-MM-DD).'],
    [{ endDate: '3 June' }, 'end_date', 'End date must be a date (YYYY-MM-DD).'],
    [{ endDate: '2026-05-31' }, 'end_date', 'End date cannot be before start date.'],
    [{ pickupTime: '9am' }, 'pickup_time', 'Pickup time must be a time (HH:MM).'],
    [{ dropoffTime: '24:00' }, 'dropoff_time', 'Dropoff time must be a time (HH:MM).'],
    [{ driverAge: -1 }, 'driver_age', "The driver's age must be a whole number of years."],
    [{ discount: 1.5 }, 'discount_amount', 'Discount amount must be an amount of at least 0.00.'],
    [{ discount: -100 }, 'discount_amount', 'Discount amount must be an amount of at least 0.00.'],
  ] satisfies [Partial<QuoteInput>, string, string][])('%j → %s', (change, field, message) => {
    expect(quoteRental(plan(), input(change))).toEqual({ ok: false, problem: { field, message } });
  });

  it('a price beyond what a number holds exactly is refused, not rounded', () => {
    const vehicle = { ...input().vehicle, pricePerDay: 99_999_999_999 };
    expect(quoteRental(plan(), input({ vehicle, startDate: '2000-01-01', endDate: '9999-12-31' }))).toEqual({
      ok: false,
      problem: { field: 'end_date', message: 'This rental is too long to price.' },
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Properties: any plan, any choice.

const FIRST_DAY = '2026-01-01';
const day = (offset: number) => addDays(FIRST_DAY, offset);
const CATEGORY_IDS = [1, 2, 3];
const LOCATION_IDS = [1, 2, 3];

const adjustmentArb = fc.oneof(
  fc.record({ kind: fc.constant('day_rate' as const), dayRate: fc.integer({ min: 0, max: 50_000 }) }),
  fc.record({ kind: fc.constant('percent' as const), basisPoints: fc.integer({ min: -9000, max: 50_000 }) }),
);

const seasonArb: fc.Arbitrary<Season> = fc
  .record({
    id: fc.integer({ min: 1, max: 1000 }),
    name: fc.constantFrom('Summer', 'Christmas', 'Easter', 'Festival'),
    start: fc.integer({ min: 0, max: 150 }),
    length: fc.integer({ min: 1, max: 60 }),
    adjustment: adjustmentArb,
    categoryIds: fc.subarray(CATEGORY_IDS),
  })
  .map(({ start, length, ...season }) => ({ ...season, startDate: day(start), endDate: day(start + length - 1) }));

const tierArb: fc.Arbitrary<LengthTier> = fc.record({
  id: fc.integer({ min: 1, max: 1000 }),
  name: fc.constantFrom('Week', 'Fortnight', 'Month'),
  minDays: fc.integer({ min: 2, max: 40 }),
  adjustment: fc.oneof(
    fc.record({ kind: fc.constant('percent' as const), basisPoints: fc.integer({ min: -9000, max: -1 }) }),
    fc.record({ kind: fc.constant('day_rate' as const), dayRate: fc.integer({ min: 0, max: 20_000 }) }),
  ),
});

const extraArb: fc.Arbitrary<Extra> = fc.record({
  id: fc.integer({ min: 1, max: 1000 }),
  name: fc.constantFrom('Child seat', 'GPS', 'Snow chains', 'Additional driver', 'Damage waiver'),
  charge: fc.constantFrom('per_day' as const, 'per_rental' as const),
  price: fc.integer({ min: 1, max: 10_000 }),
  capPerRental: fc.option(fc.integer({ min: 1, max: 50_000 })),
  maxQuantity: fc.integer({ min: 1, max: 20 }),
  stock: fc.constant(null),
});

const timeArb = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([hours, minutes]) => `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`);

const planArb: fc.Arbitrary<RatePlan> = fc
  .record({
    version: fc.integer({ min: 1, max: 100 }),
    taxRate: fc.integer({ min: 0, max: 3000 }),
    pricesIncludeTax: fc.boolean(),
    hourlyBasisPoints: fc.constantFrom(0, 0, 1000, 1500, 3000),
    categories: fc.tuple(
      ...CATEGORY_IDS.map((id) =>
        fc
          .option(fc.integer({ min: 0, max: 20_000 }))
          .map((baseDayRate) => ({ id, name: `Category ${id}`, baseDayRate })),
      ),
    ),
    seasons: fc.uniqueArray(seasonArb, { selector: (season) => season.id, maxLength: 6 }),
    tiers: fc.uniqueArray(tierArb, { selector: (tier) => tier.minDays, maxLength: 3 }),
    extras: fc.uniqueArray(extraArb, { selector: (extra) => extra.id, maxLength: 4 }),
    flat: fc.option(fc.integer({ min: 0, max: 10_000 })),
    pairs: fc.uniqueArray(
      fc.record({
        fromLocationId: fc.constantFrom(...LOCATION_IDS),
        toLocationId: fc.constantFrom(...LOCATION_IDS),
        amount: fc.integer({ min: 0, max: 10_000 }),
      }),
      { selector: (pair) => `${pair.fromLocationId}>${pair.toLocationId}`, maxLength: 4 },
    ),
    youngDriver: fc.option(
      fc.record({
        underAge: fc.integer({ min: 18, max: 30 }),
        charge: fc.constantFrom('per_day' as const, 'per_rental' as const),
        amount: fc.integer({ min: 0, max: 5000 }),
      }),
    ),
    outOfHours: fc.option(fc.record({ opens: timeArb, closes: timeArb, amount: fc.integer({ min: 0, max: 5000 }) })),
  })
  .map(({ categories, flat, pairs, youngDriver, outOfHours, ...rest }) => ({
    ...emptyRatePlan(1, 'GBP', rest.taxRate),
    ...rest,
    // Tier ids unique too (they are the database's).
    tiers: rest.tiers.map((tier, index) => ({ ...tier, id: index + 1 })),
    categories,
    fees: { oneWay: { flat, pairs }, youngDriver, outOfHours },
  }));

/** A plan and a choice it can price: the extras are the plan's, in quantities it allows. */
const caseArb = planArb.chain((ratePlan) =>
  fc
    .record({
      categoryId: fc.option(fc.constantFrom(...CATEGORY_IDS)),
      pricePerDay: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 30_000 })),
      start: fc.integer({ min: 0, max: 200 }),
      length: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 45 })),
      pickupTime: timeArb,
      dropoffTime: timeArb,
      pickupLocationId: fc.option(fc.constantFrom(...LOCATION_IDS)),
      dropoffLocationId: fc.option(fc.constantFrom(...LOCATION_IDS)),
      extras: fc
        .subarray(ratePlan.extras)
        .chain((chosen) =>
          fc
            .tuple(...chosen.map((extra) => fc.integer({ min: 1, max: extra.maxQuantity })))
            .map((quantities) =>
              chosen.map((extra, index) => ({ extraId: extra.id, quantity: quantities[index] ?? 1 })),
            ),
        ),
      driverAge: fc.option(fc.integer({ min: 17, max: 80 })),
    })
    .map(({ categoryId, pricePerDay, start, length, ...choice }): [RatePlan, QuoteInput] => [
      ratePlan,
      {
        ...choice,
        vehicle: { id: 1, categoryId, pricePerDay, deposit: 10_000, mileageAllowance: 150 },
        startDate: day(start),
        endDate: day(start + length - 1),
      },
    ]),
);

const rentalOf = (quote: Quote) => quote.lines.filter((line) => line.kind === 'rental');

/** The season rule read the slow way: every day on its own. */
function seasonOfDay(ratePlan: RatePlan, input: QuoteInput, date: string): Season | null {
  const { categoryId } = input.vehicle;
  const covering = ratePlan.seasons
    .filter((season) => season.startDate <= date && date <= season.endDate)
    .filter(
      (season) => season.categoryIds.length === 0 || (categoryId !== null && season.categoryIds.includes(categoryId)),
    )
    .sort((a, b) => rentalDays(a.startDate, a.endDate) - rentalDays(b.startDate, b.endDate) || b.id - a.id);
  return covering[0] ?? null;
}

describe('quoteRental: properties', () => {
  it('always quotes a valid choice, and the total is exactly the sum of the lines, each quantity × unit', () => {
    fc.assert(
      fc.property(caseArb, ([ratePlan, choice]) => {
        const quote = quoted(quoteRental(ratePlan, choice));
        expect(quote.total).toBe(sumOf(quote.lines));
        for (const line of quote.lines) expect(line.amount).toBe(line.quantity * line.unitAmount);
        expect(quote.lines.every((line) => Number.isInteger(line.amount))).toBe(true);
        if (quote.taxIncluded) expect(quote.lines.some((line) => line.kind === 'tax')).toBe(false);
        else expect(quote.tax).toBe(sumOf(quote.lines.filter((line) => line.kind === 'tax')));
      }),
      { numRuns: 400 },
    );
  });

  it('seasons partition the days: the rental lines count every day once, as the day-by-day reading does', () => {
    fc.assert(
      fc.property(caseArb, ([ratePlan, choice]) => {
        const quote = quoted(quoteRental(ratePlan, choice));
        if (quote.hours !== null) return;
        const rental = rentalOf(quote);
        expect(rental.reduce((sum, line) => sum + line.quantity, 0)).toBe(quote.days);
        if (rental[0]?.code.startsWith('rental:tier:')) return;
        const byDay = new Map<string, number>();
        for (let offset = 0; offset < quote.days; offset += 1) {
          const season = seasonOfDay(ratePlan, choice, addDays(choice.startDate, offset));
          const code = season ? `rental:season:${season.id}` : 'rental:base';
          byDay.set(code, (byDay.get(code) ?? 0) + 1);
        }
        expect(rental.map((line) => [line.code, line.quantity])).toEqual([...byDay.entries()]);
      }),
      { numRuns: 400 },
    );
  });

  it('a longer rental never costs less per day than its tier allows', () => {
    fc.assert(
      fc.property(caseArb, ([ratePlan, choice]) => {
        const quote = quoted(quoteRental({ ...ratePlan, hourlyBasisPoints: 0 }, choice));
        const rental = rentalOf(quote);
        const cheapest = Math.min(...rental.map((line) => line.unitAmount));
        const tier = quote.lines.find((line) => line.kind === 'tier');
        const [applied] = ratePlan.tiers
          .filter((each) => each.minDays <= quote.days)
          .sort((a, b) => b.minDays - a.minDays || b.id - a.id);
        expect(quote.tier).toBe(applied?.name ?? null);
        const paid = sumOf(rental) + (tier?.amount ?? 0);
        if (applied?.adjustment.kind === 'day_rate') {
          expect(paid).toBe(quote.days * applied.adjustment.dayRate);
        } else {
          const share = applied?.adjustment.basisPoints ?? 0;
          // (1 − share) × the cheapest day, every day, less the half penny of one rounding.
          expect(2 * paid * 10_000).toBeGreaterThanOrEqual(2 * (10_000 + share) * quote.days * cheapest - 10_000);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('the order of the plan’s lists and of the extras chosen changes nothing', () => {
    const shuffled = caseArb.chain(([ratePlan, choice]) =>
      fc
        .record({
          seasons: fc.shuffledSubarray(ratePlan.seasons, { minLength: ratePlan.seasons.length }),
          tiers: fc.shuffledSubarray(ratePlan.tiers, { minLength: ratePlan.tiers.length }),
          extras: fc.shuffledSubarray(ratePlan.extras, { minLength: ratePlan.extras.length }),
          categories: fc.shuffledSubarray(ratePlan.categories, { minLength: ratePlan.categories.length }),
          pairs: fc.shuffledSubarray(ratePlan.fees.oneWay.pairs, { minLength: ratePlan.fees.oneWay.pairs.length }),
          chosen: fc.shuffledSubarray(choice.extras, { minLength: choice.extras.length }),
        })
        .map(({ pairs, chosen, ...lists }) => ({
          ratePlan,
          choice,
          reordered: { ...ratePlan, ...lists, fees: { ...ratePlan.fees, oneWay: { ...ratePlan.fees.oneWay, pairs } } },
          reorderedChoice: { ...choice, extras: chosen },
        })),
    );
    fc.assert(
      fc.property(shuffled, ({ ratePlan, choice, reordered, reorderedChoice }) => {
        expect(quoteRental(reordered, reorderedChoice)).toEqual(quoteRental(ratePlan, choice));
      }),
      { numRuns: 300 },
    );
  });

  it('with an empty plan it is days × the day rate less the discount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (start, length, pricePerDay, discount) => {
          const choice = input({
            startDate: day(start),
            endDate: day(start + length - 1),
            vehicle: { ...input().vehicle, pricePerDay },
            discount,
          });
          const result = quoteRental(plan(), choice);
          if (discount > length * pricePerDay) expect(result.ok).toBe(false);
          else expect(quoted(result).total).toBe(length * pricePerDay - discount);
        },
      ),
    );
  });
});
