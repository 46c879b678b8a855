import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExtraView, OneWayFeeView, RatePlanSettingsView, RatePlanView, SeasonView } from './api/rate-plan.ts';
import { formatMoney } from './money.ts';
import { emptyRatePlan, ratePlanFromView } from './rate-plan-view.ts';

const SETTINGS: RatePlanSettingsView = {
  prices_include_tax: true,
  hourly_basis_points: 1500,
  one_way_flat_fee: '25.00',
  young_driver_under_age: 25,
  young_driver_charge: 'per_day',
  young_driver_amount: '10.00',
  out_of_hours_opens: '08:00',
  out_of_hours_closes: '18:00',
  out_of_hours_amount: '15.00',
  price_per_extra_km: '0.25',
  fuel_policy: 'full_to_full',
  fuel_price_per_eighth: '12.00',
  late_grace_minutes: 30,
};

const CHRISTMAS: SeasonView = {
  id: 4,
  name: 'Christmas',
  start_date: '2026-12-20',
  end_date: '2026-12-31',
  adjustment_kind: 'day_rate',
  day_rate: '80.00',
  basis_points: null,
  category_ids: [],
};
const CHILD_SEAT: ExtraView = {
  id: 5,
  name: 'Child seat',
  charge: 'per_day',
  price: '5.00',
  cap_per_rental: '30.00',
  max_quantity: 3,
  stock: [{ location_id: 1, quantity: 4 }],
};
const ONE_WAY: OneWayFeeView = { id: 1, from_location_id: 1, to_location_id: 2, amount: '40.00' };

const VIEW: RatePlanView = {
  agency_id: 4,
  version: 12,
  currency: 'GBP',
  tax_rate: 2000,
  settings: SETTINGS,
  categories: [
    { id: 1, name: 'Economy', base_day_rate: '35.00', vehicles: 3 },
    { id: 2, name: 'Van', base_day_rate: null, vehicles: 0 },
  ],
  seasons: [
    {
      id: 3,
      name: 'Summer',
      start_date: '2026-07-01',
      end_date: '2026-08-31',
      adjustment_kind: 'percent',
      day_rate: null,
      basis_points: 2000,
      category_ids: [1],
    },
    CHRISTMAS,
  ],
  tiers: [
    { id: 1, name: '7+ days', min_days: 7, adjustment_kind: 'percent', day_rate: null, basis_points: -1000 },
    { id: 2, name: '28+ days', min_days: 28, adjustment_kind: 'day_rate', day_rate: '30.00', basis_points: null },
  ],
  extras: [
    CHILD_SEAT,
    {
      id: 6,
      name: 'Damage waiver',
      charge: 'per_rental',
      price: '12.50',
      cap_per_rental: null,
      max_quantity: 1,
      stock: null,
    },
  ],
  one_way_fees: [ONE_WAY],
};

describe('ratePlanFromView', () => {
  it('reads the wire’s plan into the quote’s, money in minor units', () => {
    expect(ratePlanFromView(VIEW)).toEqual({
      agencyId: 4,
      version: 12,
      currency: 'GBP',
      taxRate: 2000,
      pricesIncludeTax: true,
      hourlyBasisPoints: 1500,
      categories: [
        { id: 1, name: 'Economy', baseDayRate: 3500 },
        { id: 2, name: 'Van', baseDayRate: null },
      ],
      seasons: [
        {
          id: 3,
          name: 'Summer',
          startDate: '2026-07-01',
          endDate: '2026-08-31',
          adjustment: { kind: 'percent', basisPoints: 2000 },
          categoryIds: [1],
        },
        {
          id: 4,
          name: 'Christmas',
          startDate: '2026-12-20',
          endDate: '2026-12-31',
          adjustment: { kind: 'day_rate', dayRate: 8000 },
          categoryIds: [],
        },
      ],
      tiers: [
        { id: 1, name: '7+ days', minDays: 7, adjustment: { kind: 'percent', basisPoints: -1000 } },
        { id: 2, name: '28+ days', minDays: 28, adjustment: { kind: 'day_rate', dayRate: 3000 } },
      ],
      extras: [
        {
          id: 5,
          name: 'Child seat',
          charge: 'per_day',
          price: 500,
          capPerRental: 3000,
          maxQuantity: 3,
          stock: [{ locationId: 1, quantity: 4 }],
        },
        {
          id: 6,
          name: 'Damage waiver',
          charge: 'per_rental',
          price: 1250,
          capPerRental: null,
          maxQuantity: 1,
          stock: null,
        },
      ],
      fees: {
        oneWay: { flat: 2500, pairs: [{ fromLocationId: 1, toLocationId: 2, amount: 4000 }] },
        youngDriver: { underAge: 25, charge: 'per_day', amount: 1000 },
        outOfHours: { opens: '08:00', closes: '18:00', amount: 1500 },
      },
      terms: { pricePerExtraKm: 25, fuelPolicy: 'full_to_full', fuelPricePerEighth: 1200 },
    });
  });

  it('no age limit and no opening hours are no fees', () => {
    const settings = { ...SETTINGS, young_driver_under_age: null, out_of_hours_opens: null, out_of_hours_closes: null };
    const { fees } = ratePlanFromView({ ...VIEW, settings });
    expect(fees.youngDriver).toBeNull();
    expect(fees.outOfHours).toBeNull();
  });

  it('a plan whose amounts are not amounts is refused, never priced as nothing', () => {
    expect(() => ratePlanFromView({ ...VIEW, settings: { ...SETTINGS, young_driver_amount: 'ten' } })).toThrow(
      `The rate plan's young-driver fee is not an amount: "ten".`,
    );
    const season = { ...CHRISTMAS, day_rate: null };
    expect(() => ratePlanFromView({ ...VIEW, seasons: [season] })).toThrow(/season 4's day rate/);
  });

  it('round-trips every amount: minor units → the wire’s decimal → the same minor units', () => {
    const amount = fc.integer({ min: 0, max: 99_999_999_999 });
    fc.assert(
      fc.property(
        fc.record({ base: amount, day: amount, price: amount, cap: amount, pair: amount, flat: amount, km: amount }),
        (minor) => {
          const view: RatePlanView = {
            ...VIEW,
            settings: {
              ...SETTINGS,
              one_way_flat_fee: formatMoney(minor.flat),
              price_per_extra_km: formatMoney(minor.km),
            },
            categories: [{ id: 1, name: 'Economy', base_day_rate: formatMoney(minor.base), vehicles: 1 }],
            seasons: [{ ...CHRISTMAS, day_rate: formatMoney(minor.day) }],
            extras: [{ ...CHILD_SEAT, price: formatMoney(minor.price), cap_per_rental: formatMoney(minor.cap) }],
            one_way_fees: [{ ...ONE_WAY, amount: formatMoney(minor.pair) }],
          };
          const plan = ratePlanFromView(view);
          expect(plan.categories[0]?.baseDayRate).toBe(minor.base);
          expect(plan.seasons[0]?.adjustment).toEqual({ kind: 'day_rate', dayRate: minor.day });
          expect([plan.extras[0]?.price, plan.extras[0]?.capPerRental]).toEqual([minor.price, minor.cap]);
          expect(plan.fees.oneWay).toEqual({
            flat: minor.flat,
            pairs: [{ fromLocationId: 1, toLocationId: 2, amount: minor.pair }],
          });
          expect(plan.terms.pricePerExtraKm).toBe(minor.km);
        },
      ),
    );
  });
});

describe('emptyRatePlan', () => {
  it('holds nothing but the agency, its currency and its tax rate', () => {
    expect(emptyRatePlan(3, 'EUR', 2100)).toEqual({
      agencyId: 3,
      version: 0,
      currency: 'EUR',
      taxRate: 2100,
      pricesIncludeTax: false,
      hourlyBasisPoints: 0,
      categories: [],
      seasons: [],
      tiers: [],
      extras: [],
      fees: { oneWay: { flat: null, pairs: [] }, youngDriver: null, outOfHours: null },
      terms: { pricePerExtraKm: 0, fuelPolicy: 'full_to_full', fuelPricePerEighth: 0 },
    });
  });
});
