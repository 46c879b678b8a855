import { sql, type Kysely } from 'kysely';
import type { RatePlanView } from '#domain/api/rate-plan';
import { formatMoney } from '#domain/money';
import type { FuelPolicy } from '#domain/rate-plan';
import type { ChargeBasis, Database } from '../db/types.ts';
import { categoriesOf, toCategoryView } from './vehicle-categories.ts';

/**
 * Marks the agency's rate plan as changed: every write to the plan (settings, categories,
 * seasons, tiers, extras, one-way fees) calls it in its transaction, so a quote names the
 * version it was made with and the app knows its cached plan is old.
 */
export async function bumpRatePlanVersion(db: Kysely<Database>, agencyId: number): Promise<number> {
  const row = await db
    .updateTable('agencies')
    .set({ rate_plan_version: sql<number>`rate_plan_version + 1` })
    .where('id', '=', agencyId)
    .returning('rate_plan_version')
    .executeTakeFirstOrThrow();
  return row.rate_plan_version;
}

/** The columns of an agency's rate plan settings, in minor units and basis points as stored. */
export interface RatePlanSettingsValues {
  prices_include_tax: boolean;
  hourly_basis_points: number;
  one_way_flat_fee: number | null;
  young_driver_under_age: number | null;
  young_driver_charge: ChargeBasis;
  young_driver_amount: number;
  out_of_hours_opens: string | null;
  out_of_hours_closes: string | null;
  out_of_hours_amount: number;
  price_per_extra_km: number;
  fuel_policy: FuelPolicy;
  fuel_price_per_eighth: number;
  /** Null: left as it is. */
  late_grace_minutes: number | null;
}

/** Writes the plan's settings; the caller bumps the version in the same transaction. */
export async function updateRatePlanSettings(
  db: Kysely<Database>,
  agencyId: number,
  values: RatePlanSettingsValues,
): Promise<void> {
  const { late_grace_minutes: grace, ...rest } = values;
  await db
    .updateTable('agencies')
    .set({
      ...rest,
      prices_include_tax: values.prices_include_tax ? 1 : 0,
      ...(grace === null ? {} : { late_grace_minutes: grace }),
    })
    .where('id', '=', agencyId)
    .execute();
}

const money = (minor: number | null) => (minor === null ? null : formatMoney(minor));

/**
 * An agency's whole rate plan as the API sends it: its settings and version, its categories with
 * the number of its in-service vehicles in each, its seasons with the categories they are limited
 * to, its length tiers, the extras it still offers with their stock per pickup location, and its
 * one-way fees. `currency` is the server's (decision 012). The agency must exist.
 */
export async function loadRatePlan(db: Kysely<Database>, agencyId: number, currency: string): Promise<RatePlanView> {
  const [agency, categories, seasons, seasonCategories, tiers, extras, stock, fees] = await Promise.all([
    db
      .selectFrom('agencies')
      .select([
        'id',
        'rate_plan_version',
        'tax_rate',
        'prices_include_tax',
        'hourly_basis_points',
        'one_way_flat_fee',
        'young_driver_under_age',
        'young_driver_charge',
        'young_driver_amount',
        'out_of_hours_opens',
        'out_of_hours_closes',
        'out_of_hours_amount',
        'price_per_extra_km',
        'fuel_policy',
        'fuel_price_per_eighth',
        'late_grace_minutes',
      ])
      .where('id', '=', agencyId)
      .executeTakeFirstOrThrow(),
    categoriesOf(db, agencyId).execute(),
    db
      .selectFrom('seasons')
      .select(['id', 'name', 'start_date', 'end_date', 'adjustment_kind', 'day_rate', 'basis_points'])
      .where('agency_id', '=', agencyId)
      .orderBy('start_date')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('season_categories')
      .innerJoin('seasons', 'seasons.id', 'season_categories.season_id')
      .select(['season_categories.season_id', 'season_categories.category_id'])
      .where('seasons.agency_id', '=', agencyId)
      .orderBy('season_categories.category_id')
      .execute(),
    db
      .selectFrom('length_tiers')
      .select(['id', 'name', 'min_days', 'adjustment_kind', 'day_rate', 'basis_points'])
      .where('agency_id', '=', agencyId)
      .orderBy('min_days')
      .execute(),
    db
      .selectFrom('extras')
      .select(['id', 'name', 'charge', 'price', 'cap_per_rental', 'max_quantity', 'stock_limited'])
      .where('agency_id', '=', agencyId)
      .where('retired_at', 'is', null)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('extra_stock')
      .innerJoin('extras', 'extras.id', 'extra_stock.extra_id')
      .select(['extra_stock.extra_id', 'extra_stock.location_id', 'extra_stock.quantity'])
      .where('extras.agency_id', '=', agencyId)
      .where('extras.retired_at', 'is', null)
      .orderBy('extra_stock.location_id')
      .execute(),
    db
      .selectFrom('one_way_fees')
      .select(['id', 'from_location_id', 'to_location_id', 'amount'])
      .where('agency_id', '=', agencyId)
      .orderBy('from_location_id')
      .orderBy('to_location_id')
      .execute(),
  ]);

  const categoriesBySeason = new Map<number, number[]>();
  for (const row of seasonCategories) {
    categoriesBySeason.set(row.season_id, [...(categoriesBySeason.get(row.season_id) ?? []), row.category_id]);
  }
  const stockByExtra = new Map<number, { location_id: number; quantity: number }[]>();
  for (const row of stock) {
    const units = { location_id: row.location_id, quantity: row.quantity };
    stockByExtra.set(row.extra_id, [...(stockByExtra.get(row.extra_id) ?? []), units]);
  }

  return {
    agency_id: agency.id,
    version: agency.rate_plan_version,
    currency,
    tax_rate: agency.tax_rate,
    settings: {
      prices_include_tax: agency.prices_include_tax === 1,
      hourly_basis_points: agency.hourly_basis_points,
      one_way_flat_fee: money(agency.one_way_flat_fee),
      young_driver_under_age: agency.young_driver_under_age,
      young_driver_charge: agency.young_driver_charge,
      young_driver_amount: formatMoney(agency.young_driver_amount),
      out_of_hours_opens: agency.out_of_hours_opens,
      out_of_hours_closes: agency.out_of_hours_closes,
      out_of_hours_amount: formatMoney(agency.out_of_hours_amount),
      price_per_extra_km: formatMoney(agency.price_per_extra_km),
      fuel_policy: agency.fuel_policy,
      fuel_price_per_eighth: formatMoney(agency.fuel_price_per_eighth),
      late_grace_minutes: agency.late_grace_minutes,
    },
    categories: categories.map(toCategoryView),
    seasons: seasons.map((season) => ({
      ...season,
      day_rate: money(season.day_rate),
      category_ids: categoriesBySeason.get(season.id) ?? [],
    })),
    tiers: tiers.map((tier) => ({ ...tier, day_rate: money(tier.day_rate) })),
    extras: extras.map(({ stock_limited: limited, ...extra }) => ({
      ...extra,
      price: formatMoney(extra.price),
      cap_per_rental: money(extra.cap_per_rental),
      stock: limited === 1 ? (stockByExtra.get(extra.id) ?? []) : null,
    })),
    one_way_fees: fees.map((fee) => ({ ...fee, amount: formatMoney(fee.amount) })),
  };
}
