import type { AdjustmentKind, RatePlanView } from './api/rate-plan.ts';
import { parseMoney } from './money.ts';
import type { RateAdjustment, RatePlan } from './rate-plan.ts';

/**
 * The plan on the wire (decimal strings, snake_case) as the quote reads it (minor units): the app
 * quotes from the plan it cached with this, the server from the plan it loaded.
 */

/** An amount the server wrote; anything else is a broken plan, not a price of nothing. */
function money(text: string, what: string): number {
  const minor = parseMoney(text);
  if (minor === null) throw new Error(`The rate plan's ${what} is not an amount: "${text}".`);
  return minor;
}

function optionalMoney(text: string | null, what: string): number | null {
  return text === null ? null : money(text, what);
}

function adjustment(
  row: { adjustment_kind: AdjustmentKind; day_rate: string | null; basis_points: number | null },
  what: string,
): RateAdjustment {
  if (row.adjustment_kind === 'day_rate') {
    return { kind: 'day_rate', dayRate: money(row.day_rate ?? '', `${what}'s day rate`) };
  }
  if (row.basis_points === null) throw new Error(`The rate plan's ${what} has a percent without basis points.`);
  return { kind: 'percent', basisPoints: row.basis_points };
}

export function ratePlanFromView(view: RatePlanView): RatePlan {
  const { settings } = view;
  return {
    agencyId: view.agency_id,
    version: view.version,
    currency: view.currency,
    taxRate: view.tax_rate,
    pricesIncludeTax: settings.prices_include_tax,
    hourlyBasisPoints: settings.hourly_basis_points,
    categories: view.categories.map((category) => ({
      id: category.id,
      name: category.name,
      baseDayRate: optionalMoney(category.base_day_rate, `category ${category.id}'s base day rate`),
    })),
    seasons: view.seasons.map((season) => ({
      id: season.id,
      name: season.name,
      startDate: season.start_date,
      endDate: season.end_date,
      adjustment: adjustment(season, `season ${season.id}`),
      categoryIds: [...season.category_ids],
    })),
    tiers: view.tiers.map((tier) => ({
      id: tier.id,
      name: tier.name,
      minDays: tier.min_days,
      adjustment: adjustment(tier, `tier ${tier.id}`),
    })),
    extras: view.extras.map((extra) => ({
      id: extra.id,
      name: extra.name,
      charge: extra.charge,
      price: money(extra.price, `extra ${extra.id}'s price`),
      capPerRental: optionalMoney(extra.cap_per_rental, `extra ${extra.id}'s cap`),
      maxQuantity: extra.max_quantity,
      stock:
        extra.stock === null
          ? null
          : extra.stock.map((stock) => ({ locationId: stock.location_id, quantity: stock.quantity })),
    })),
    fees: {
      oneWay: {
        flat: optionalMoney(settings.one_way_flat_fee, 'one-way flat fee'),
        pairs: view.one_way_fees.map((fee) => ({
          fromLocationId: fee.from_location_id,
          toLocationId: fee.to_location_id,
          amount: money(fee.amount, `one-way fee ${fee.id}`),
        })),
      },
      youngDriver:
        settings.young_driver_under_age === null
          ? null
          : {
              underAge: settings.young_driver_under_age,
              charge: settings.young_driver_charge,
              amount: money(settings.young_driver_amount, 'young-driver fee'),
            },
      outOfHours:
        settings.out_of_hours_opens === null || settings.out_of_hours_closes === null
          ? null
          : {
              opens: settings.out_of_hours_opens,
              closes: settings.out_of_hours_closes,
              amount: money(settings.out_of_hours_amount, 'out-of-hours fee'),
            },
    },
    terms: {
      pricePerExtraKm: money(settings.price_per_extra_km, 'price per extra km'),
      fuelPolicy: settings.fuel_policy,
      fuelPricePerEighth: money(settings.fuel_price_per_eighth, 'fuel price per eighth'),
    },
  };
}

/**
 * A plan with nothing in it: every day at the vehicle's own rate, no extras, no fees, no hours,
 * tax at `taxRate` on top. `priceRental` (pricing.ts) is the quote with this plan.
 */
export function emptyRatePlan(agencyId: number, currency: string, taxRate: number): RatePlan {
  return {
    agencyId,
    version: 0,
    currency,
    taxRate,
    pricesIncludeTax: false,
    hourlyBasisPoints: 0,
    categories: [],
    seasons: [],
    tiers: [],
    extras: [],
    fees: { oneWay: { flat: null, pairs: [] }, youngDriver: null, outOfHours: null },
    terms: { pricePerExtraKm: 0, fuelPolicy: 'full_to_full', fuelPricePerEighth: 0 },
  };
}
