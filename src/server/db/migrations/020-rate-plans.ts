import { sql, type Kysely } from 'kysely';
import { notNull, withId, type Dialect } from './columns.ts';

/**
 * Issue 21's rate plans: an agency's pricing settings (tax inclusion, hourly share, fees, mileage
 * and fuel terms, a version bumped by every change), its vehicle categories, seasons, length
 * tiers, extras with stock per pickup location and one-way fees per pair of locations; a vehicle's
 * category; a customer's date of birth and licence expiry. Money in minor units, shares in basis
 * points, booleans 0/1.
 */
export function ratePlans(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const agencyColumns: [string, 'integer' | 'text', string | number | null][] = [
        ['rate_plan_version', 'integer', 1],
        ['prices_include_tax', 'integer', 0],
        ['hourly_basis_points', 'integer', 0],
        ['one_way_flat_fee', 'integer', null],
        ['young_driver_under_age', 'integer', null],
        ['young_driver_charge', 'text', 'per_rental'],
        ['young_driver_amount', 'integer', 0],
        ['out_of_hours_opens', 'text', null],
        ['out_of_hours_closes', 'text', null],
        ['out_of_hours_amount', 'integer', 0],
        ['price_per_extra_km', 'integer', 0],
        ['fuel_policy', 'text', 'full_to_full'],
        ['fuel_price_per_eighth', 'integer', 0],
      ];
      for (const [name, type, fallback] of agencyColumns) {
        await db.schema
          .alterTable('agencies')
          .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(sql.lit(fallback))))
          .execute();
      }

      await withId(db.schema.createTable('vehicle_categories'), dialect)
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
        .addColumn('name', 'text', notNull)
        .addColumn('base_day_rate', 'integer')
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('vehicle_categories_agency_name')
        .on('vehicle_categories')
        .columns(['agency_id', 'name'])
        .unique()
        .execute();

      await db.schema
        .alterTable('vehicles')
        .addColumn('category_id', 'integer', (c) => c.references('vehicle_categories.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('vehicles_category').on('vehicles').column('category_id').execute();

      await withId(db.schema.createTable('seasons'), dialect)
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
        .addColumn('name', 'text', notNull)
        .addColumn('start_date', 'text', notNull)
        .addColumn('end_date', 'text', notNull)
        .addColumn('adjustment_kind', 'text', notNull)
        .addColumn('day_rate', 'integer')
        .addColumn('basis_points', 'integer')
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('seasons_agency').on('seasons').columns(['agency_id', 'start_date']).execute();

      await db.schema
        .createTable('season_categories')
        .addColumn('season_id', 'integer', (c) => c.notNull().references('seasons.id').onDelete('cascade'))
        .addColumn('category_id', 'integer', (c) => c.notNull().references('vehicle_categories.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('season_categories_pk', ['season_id', 'category_id'])
        .execute();

      await withId(db.schema.createTable('length_tiers'), dialect)
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
        .addColumn('name', 'text', notNull)
        .addColumn('min_days', 'integer', notNull)
        .addColumn('adjustment_kind', 'text', notNull)
        .addColumn('day_rate', 'integer')
        .addColumn('basis_points', 'integer')
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('length_tiers_agency_days')
        .on('length_tiers')
        .columns(['agency_id', 'min_days'])
        .unique()
        .execute();

      await withId(db.schema.createTable('extras'), dialect)
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
        .addColumn('name', 'text', notNull)
        .addColumn('charge', 'text', notNull)
        .addColumn('price', 'integer', notNull)
        .addColumn('cap_per_rental', 'integer')
        .addColumn('max_quantity', 'integer', notNull)
        .addColumn('stock_limited', 'integer', (c) => c.notNull().defaultTo(sql.lit(0)))
        // Kept for the bookings that took it; no longer offered.
        .addColumn('retired_at', 'text')
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('extras_agency').on('extras').column('agency_id').execute();

      await db.schema
        .createTable('extra_stock')
        .addColumn('extra_id', 'integer', (c) => c.notNull().references('extras.id').onDelete('cascade'))
        .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
        .addColumn('quantity', 'integer', notNull)
        .addPrimaryKeyConstraint('extra_stock_pk', ['extra_id', 'location_id'])
        .execute();

      await withId(db.schema.createTable('one_way_fees'), dialect)
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
        .addColumn('from_location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
        .addColumn('to_location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
        .addColumn('amount', 'integer', notNull)
        .execute();
      await db.schema
        .createIndex('one_way_fees_pair')
        .on('one_way_fees')
        .columns(['agency_id', 'from_location_id', 'to_location_id'])
        .unique()
        .execute();

      await db.schema.alterTable('customers').addColumn('date_of_birth', 'text').execute();
      await db.schema.alterTable('customers').addColumn('license_expiry', 'text').execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('customers').dropColumn('license_expiry').execute();
      await db.schema.alterTable('customers').dropColumn('date_of_birth').execute();
      await db.schema.dropTable('one_way_fees').execute();
      await db.schema.dropTable('extra_stock').execute();
      await db.schema.dropTable('extras').execute();
      await db.schema.dropTable('length_tiers').execute();
      await db.schema.dropTable('season_categories').execute();
      await db.schema.dropTable('seasons').execute();
      await db.schema.dropIndex('vehicles_category').execute();
      await db.schema.alterTable('vehicles').dropColumn('category_id').execute();
      await db.schema.dropTable('vehicle_categories').execute();
      for (const name of [
        'fuel_price_per_eighth',
        'fuel_policy',
        'price_per_extra_km',
        'out_of_hours_amount',
        'out_of_hours_closes',
        'out_of_hours_opens',
        'young_driver_amount',
        'young_driver_charge',
        'young_driver_under_age',
        'one_way_flat_fee',
        'hourly_basis_points',
        'prices_include_tax',
        'rate_plan_version',
      ]) {
        await db.schema.alterTable('agencies').dropColumn(name).execute();
      }
    },
  };
}
