import type { Kysely } from 'kysely';
import { notNull, withId, type Dialect } from './columns.ts';

export function initial(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('agencies'), dialect)
        .addColumn('name', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('logo_key', 'text')
        .addColumn('contact_email', 'text', notNull)
        .addColumn('phone_number', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .execute();

      await withId(db.schema.createTable('users'), dialect)
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', notNull)
        .addColumn('role', 'text', notNull)
        .addColumn('first_name', 'text', notNull)
        .addColumn('last_name', 'text', notNull)
        .addColumn('phone_number', 'text', notNull)
        .addColumn('agency_id', 'integer', (c) => c.references('agencies.id').onDelete('cascade'))
        .addColumn('created_at', 'text', notNull)
        .execute();

      await withId(db.schema.createTable('refresh_tokens'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('family_id', 'text', notNull)
        .addColumn('expires_at', 'text', notNull)
        .addColumn('used_at', 'text')
        .addColumn('revoked_at', 'text')
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

      await withId(db.schema.createTable('password_reset_tokens'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', notNull)
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', notNull)
        .execute();

      await withId(db.schema.createTable('locations'), dialect)
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
        .addColumn('name', 'text', notNull)
        .addColumn('city', 'text', notNull)
        .execute();
      await db.schema.createIndex('locations_agency').on('locations').column('agency_id').execute();

      await withId(db.schema.createTable('vehicles'), dialect)
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
        .addColumn('make', 'text', notNull)
        .addColumn('model', 'text', notNull)
        .addColumn('color', 'text', notNull)
        .addColumn('manufacture_year', 'integer', notNull)
        .addColumn('mileage', 'integer', notNull)
        .addColumn('mileage_allowance', 'integer', notNull)
        .addColumn('ownership', 'text', notNull)
        .addColumn('price_per_day', 'integer', notNull)
        .addColumn('deposit', 'integer', notNull)
        .addColumn('registration_number', 'text', (c) => c.notNull().unique())
        .addColumn('next_service_date', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('vehicles_agency').on('vehicles').column('agency_id').execute();

      await withId(db.schema.createTable('vehicle_images'), dialect)
        .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
        .addColumn('position', 'integer', notNull)
        .addColumn('file_key', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('vehicle_images_vehicle')
        .on('vehicle_images')
        .columns(['vehicle_id', 'position'])
        .execute();

      await db.schema
        .createTable('vehicle_locations')
        .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
        .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('vehicle_locations_pk', ['vehicle_id', 'location_id'])
        .execute();

      let customers = withId(db.schema.createTable('customers'), dialect)
        .addColumn('user_id', 'integer', (c) => c.unique().references('users.id').onDelete('set null'))
        .addColumn('agency_id', 'integer', (c) => c.references('agencies.id').onDelete('set null'))
        .addColumn('title', 'text', notNull)
        .addColumn('first_name', 'text', notNull)
        .addColumn('last_name', 'text', notNull)
        .addColumn('phone_number', 'text', notNull)
        .addColumn('email', 'text', notNull);
      for (const column of [
        'national_id',
        'street_address',
        'address_line2',
        'city',
        'country',
        'drivers_license_key',
        'drivers_license_type',
        'next_of_kin1_first_name',
        'next_of_kin1_last_name',
        'next_of_kin1_id_number',
        'next_of_kin1_phone',
        'next_of_kin2_first_name',
        'next_of_kin2_last_name',
        'next_of_kin2_id_number',
        'next_of_kin2_phone',
      ]) {
        customers = customers.addColumn(column, 'text');
      }
      await customers.addColumn('created_at', 'text', notNull).addColumn('updated_at', 'text', notNull).execute();
      await db.schema.createIndex('customers_agency').on('customers').column('agency_id').execute();

      await withId(db.schema.createTable('booking_requests'), dialect)
        .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('cascade'))
        .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
        .addColumn('first_name', 'text')
        .addColumn('last_name', 'text')
        .addColumn('phone_number', 'text')
        .addColumn('email', 'text')
        .addColumn('start_date', 'text', notNull)
        .addColumn('end_date', 'text', notNull)
        .addColumn('pickup_time', 'text', notNull)
        .addColumn('dropoff_time', 'text', notNull)
        .addColumn('pickup_location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
        .addColumn('dropoff_location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
        .addColumn('message', 'text')
        .addColumn('status', 'text', notNull)
        .addColumn('staff_notes', 'text')
        .addColumn('is_reviewed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('reviewed_at', 'text')
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('booking_requests_agency')
        .on('booking_requests')
        .columns(['agency_id', 'created_at'])
        .execute();
      await db.schema.createIndex('booking_requests_customer').on('booking_requests').column('customer_id').execute();

      await withId(db.schema.createTable('bookings'), dialect)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
        .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
        .addColumn('booking_request_id', 'integer', (c) =>
          c.unique().references('booking_requests.id').onDelete('set null'),
        )
        .addColumn('start_date', 'text', notNull)
        .addColumn('end_date', 'text', notNull)
        .addColumn('pickup_time', 'text', notNull)
        .addColumn('dropoff_time', 'text', notNull)
        .addColumn('pickup_location', 'text')
        .addColumn('dropoff_location', 'text')
        .addColumn('booking_amount', 'integer', notNull)
        .addColumn('booking_deposit', 'integer', notNull)
        .addColumn('payment_method', 'text', notNull)
        .addColumn('booking_status', 'text', notNull)
        .addColumn('estimated_mileage', 'integer')
        .addColumn('discount_amount', 'integer', notNull)
        .addColumn('discount_description', 'text')
        .addColumn('notes', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('bookings_agency_created')
        .on('bookings')
        .columns(['agency_id', 'created_at'])
        .execute();
      await db.schema.createIndex('bookings_created').on('bookings').column('created_at').execute();
      await db.schema.createIndex('bookings_customer').on('bookings').column('customer_id').execute();
      await db.schema
        .createIndex('bookings_vehicle_dates')
        .on('bookings')
        .columns(['vehicle_id', 'start_date', 'end_date'])
        .execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('scope', 'text', notNull)
        .addColumn('key', 'text', notNull)
        .addColumn('request_hash', 'text', notNull)
        .addColumn('state', 'text', notNull)
        .addColumn('status_code', 'integer')
        .addColumn('response_body', 'text')
        .addColumn('content_type', 'text')
        .addColumn('created_at', 'text', notNull)
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
        .execute();
      await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of [
        'idempotency_keys',
        'bookings',
        'booking_requests',
        'customers',
        'vehicle_locations',
        'vehicle_images',
        'vehicles',
        'locations',
        'password_reset_tokens',
        'refresh_tokens',
        'users',
        'agencies',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
