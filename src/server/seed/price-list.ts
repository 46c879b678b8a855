import type { Kysely } from 'kysely';
import { addDays } from '#domain/dates';
import type { Database } from '../db/types.ts';
import type { BodyStyle } from './images.ts';

/**
 * The demo agencies' price list (issue 21): categories on their vehicles, two seasons, a length
 * tier, extras (two unlimited, two kept in stock at pickup locations), one-way fees, a young-driver
 * fee and the mileage and fuel terms. Their prices exclude tax, as the demo's bookings and invoices
 * always did (a booking's amount is days × price per day, its invoice adds the agency's 20 %): a
 * quote outside the seasons and shorter than the tier is days × price per day plus that tax.
 *
 * The seasons are set relative to the seed's today so the demo always has them ahead: Summer from
 * day 120 to day 179, Christmas from day 240 to day 245. The e2e specs book either within the
 * first 100 days or from day 400 on, so their prices never fall in a season.
 */

export const SUMMER_FROM_DAY = 120;
export const SUMMER_DAYS = 60;
export const CHRISTMAS_FROM_DAY = 240;
export const CHRISTMAS_DAYS = 6;

export const CATEGORY_OF_STYLE: Record<BodyStyle, string> = {
  hatch: 'Economy',
  saloon: 'Compact',
  suv: 'SUV',
  van: 'Van',
};
const CATEGORIES = ['Economy', 'Compact', 'SUV', 'Van'] as const;

export interface PriceListAgency {
  id: number;
  /** Its pickup locations' ids, in the catalogue's order. */
  locations: number[];
  /** Each vehicle's id and body style. */
  vehicles: { id: number; style: BodyStyle }[];
}

export interface PriceListSummary {
  categories: number;
  seasons: number;
  tiers: number;
  extras: number;
  oneWayFees: number;
}

/** Writes one agency's price list; `today` is the seed's. */
async function writeOne(
  db: Kysely<Database>,
  agency: PriceListAgency,
  today: string,
  createdAt: string,
): Promise<PriceListSummary> {
  const categoryIds = new Map<string, number>();
  for (const name of CATEGORIES) {
    const row = await db
      .insertInto('vehicle_categories')
      .values({ agency_id: agency.id, name, base_day_rate: null, created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.set(name, row.id);
  }
  for (const vehicle of agency.vehicles) {
    await db
      .updateTable('vehicles')
      .set({ category_id: categoryIds.get(CATEGORY_OF_STYLE[vehicle.style]) ?? null })
      .where('id', '=', vehicle.id)
      .execute();
  }

  await db
    .insertInto('seasons')
    .values({
      agency_id: agency.id,
      name: 'Summer',
      start_date: addDays(today, SUMMER_FROM_DAY),
      end_date: addDays(today, SUMMER_FROM_DAY + SUMMER_DAYS - 1),
      adjustment_kind: 'percent',
      day_rate: null,
      basis_points: 2000,
      created_at: createdAt,
    })
    .execute();
  const christmas = await db
    .insertInto('seasons')
    .values({
      agency_id: agency.id,
      name: 'Christmas',
      start_date: addDays(today, CHRISTMAS_FROM_DAY),
      end_date: addDays(today, CHRISTMAS_FROM_DAY + CHRISTMAS_DAYS - 1),
      adjustment_kind: 'day_rate',
      day_rate: 6500,
      basis_points: null,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The small cars' holiday rate; SUVs and vans keep their own.
  await db
    .insertInto('season_categories')
    .values(
      ['Economy', 'Compact'].map((name) => ({ season_id: christmas.id, category_id: categoryIds.get(name) ?? 0 })),
    )
    .execute();

  await db
    .insertInto('length_tiers')
    .values({
      agency_id: agency.id,
      name: '7+ days',
      min_days: 7,
      adjustment_kind: 'percent',
      day_rate: null,
      basis_points: -1000,
      created_at: createdAt,
    })
    .execute();

  const extras = [
    { name: 'Additional driver', charge: 'per_rental', price: 2500, cap: null, max: 1, stock: null },
    { name: 'Damage waiver', charge: 'per_day', price: 1200, cap: null, max: 1, stock: null },
    // Two seats at the first pickup location, one at the second.
    { name: 'Child seat', charge: 'per_day', price: 600, cap: 6000, max: 2, stock: [2, 1] },
    { name: 'GPS', charge: 'per_day', price: 500, cap: null, max: 1, stock: [3] },
  ] as const;
  for (const extra of extras) {
    const row = await db
      .insertInto('extras')
      .values({
        agency_id: agency.id,
        name: extra.name,
        charge: extra.charge,
        price: extra.price,
        cap_per_rental: extra.cap,
        max_quantity: extra.max,
        stock_limited: extra.stock ? 1 : 0,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stock = (extra.stock ?? []).flatMap((quantity, index) => {
      const location = agency.locations[index];
      return location === undefined ? [] : [{ extra_id: row.id, location_id: location, quantity }];
    });
    if (stock.length > 0) await db.insertInto('extra_stock').values(stock).execute();
  }

  // The first location to the last (an airport or a far city) has its own price; others pay the flat fee.
  const [first] = agency.locations;
  const last = agency.locations.at(-1);
  let oneWayFees = 0;
  if (first !== undefined && last !== undefined && first !== last) {
    await db
      .insertInto('one_way_fees')
      .values({ agency_id: agency.id, from_location_id: first, to_location_id: last, amount: 4500 })
      .execute();
    oneWayFees = 1;
  }

  await db
    .updateTable('agencies')
    .set({
      prices_include_tax: 0,
      one_way_flat_fee: 3000,
      young_driver_under_age: 25,
      young_driver_charge: 'per_day',
      young_driver_amount: 800,
      price_per_extra_km: 25,
      fuel_policy: 'full_to_full',
      fuel_price_per_eighth: 1200,
    })
    .where('id', '=', agency.id)
    .execute();

  return { categories: CATEGORIES.length, seasons: 2, tiers: 1, extras: extras.length, oneWayFees };
}

/** Every given agency's price list. */
export async function writePriceLists(
  db: Kysely<Database>,
  agencies: PriceListAgency[],
  today: string,
  createdAt: string,
): Promise<PriceListSummary> {
  const total: PriceListSummary = { categories: 0, seasons: 0, tiers: 0, extras: 0, oneWayFees: 0 };
  for (const agency of agencies) {
    const one = await writeOne(db, agency, today, createdAt);
    total.categories += one.categories;
    total.seasons += one.seasons;
    total.tiers += one.tiers;
    total.extras += one.extras;
    total.oneWayFees += one.oneWayFees;
  }
  return total;
}
