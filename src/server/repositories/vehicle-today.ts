import type { Kysely } from 'kysely';
import type { TodayBooking, VehicleToday } from '#domain/api/vehicle-today';
import { BLOCKING_BOOKING_STATUSES } from '#domain/constants';
import { serviceState } from '#domain/service-due';
import type { Database } from '../db/types.ts';

function bookingsOf(db: Kysely<Database>, vehicleId: number) {
  return db
    .selectFrom('bookings')
    .innerJoin('customers', 'customers.id', 'bookings.customer_id')
    .select([
      'bookings.id',
      'bookings.start_date',
      'bookings.end_date',
      'bookings.pickup_time',
      'bookings.dropoff_time',
      'bookings.booking_status as status',
      'customers.first_name',
      'customers.last_name',
    ])
    .where('bookings.vehicle_id', '=', vehicleId)
    .where('bookings.booking_status', 'in', [...BLOCKING_BOOKING_STATUSES]);
}

/** Enough of a vehicle's holding bookings for the one out or covering today and the next. */
const HOLDING_ROWS = 4;

type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingsOf>['executeTakeFirstOrThrow']>>;

const toBooking = ({ first_name, last_name, ...row }: BookingRow): TodayBooking => ({
  ...row,
  customer_name: `${first_name} ${last_name}`.trim(),
});

/**
 * The today card of the vehicle labelled `code` (issue 23) in the caller's fleet (every agency's
 * for the operator) on `today`; undefined when no such vehicle is theirs.
 */
export async function vehicleToday(
  db: Kysely<Database>,
  scope: number | null,
  code: string,
  today: string,
): Promise<VehicleToday | undefined> {
  let found = db
    .selectFrom('vehicles')
    .select([
      'id',
      'agency_id',
      'registration_number',
      'make',
      'model',
      'color',
      'mileage',
      'label_code',
      'next_service_date',
      'retired_at',
    ])
    .where('label_code', '=', code);
  if (scope !== null) found = found.where('agency_id', '=', scope);
  const vehicle = await found.executeTakeFirst();
  if (!vehicle) return undefined;

  // Its bookings that still hold it — out with a customer, or not over yet — by start: the one
  // covering today comes before those ahead (bookings of a vehicle do not overlap), so a few suffice.
  const [holding, inspection, blocked] = await Promise.all([
    bookingsOf(db, vehicle.id)
      .where((eb) => eb.or([eb('bookings.booking_status', '=', 'active'), eb('bookings.end_date', '>=', today)]))
      .orderBy('bookings.start_date')
      .orderBy('bookings.id')
      .limit(HOLDING_ROWS)
      .execute(),
    db
      .selectFrom('booking_inspections')
      .innerJoin('bookings', 'bookings.id', 'booking_inspections.booking_id')
      .select([
        'booking_inspections.id',
        'booking_inspections.booking_id',
        'booking_inspections.kind',
        'booking_inspections.mileage',
        'booking_inspections.fuel_eighths',
        'booking_inspections.created_at',
      ])
      .where('bookings.vehicle_id', '=', vehicle.id)
      .orderBy('booking_inspections.created_at', 'desc')
      .orderBy('booking_inspections.id', 'desc')
      .executeTakeFirst(),
    db
      .selectFrom('vehicle_unavailability')
      .select(['id', 'kind', 'start_date', 'end_date', 'reason'])
      .where('vehicle_id', '=', vehicle.id)
      .where('start_date', '<=', today)
      .where('end_date', '>=', today)
      .orderBy('start_date')
      .executeTakeFirst(),
  ]);
  const current =
    holding.find((booking) => booking.status === 'active') ??
    holding.find((booking) => booking.start_date <= today && booking.end_date >= today);
  const next = holding.find(
    (booking) => booking.status !== 'active' && booking.start_date >= today && booking.id !== current?.id,
  );
  return {
    vehicle,
    date: today,
    current_booking: current ? toBooking(current) : null,
    next_booking: next ? toBooking(next) : null,
    last_inspection: inspection ?? null,
    service: serviceState(vehicle.next_service_date, today),
    blocked: blocked ?? null,
  };
}
