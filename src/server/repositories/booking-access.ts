import type { Kysely } from 'kysely';
import type { BookingStatus } from '#domain/constants';
import type { Database } from '../db/types.ts';

/**
 * What deciding who may reach a booking's inspections, agreement or return charges needs to know
 * of the booking, with what those screens check next (its status, its vehicle, why it has no
 * agreement).
 */
export interface BookingAccess {
  id: number;
  agencyId: number;
  customerId: number;
  vehicleId: number;
  status: BookingStatus;
  noAgreementReason: string | null;
}

export async function findBookingAccess(db: Kysely<Database>, id: number): Promise<BookingAccess | undefined> {
  const row = await db
    .selectFrom('bookings')
    .select(['id', 'agency_id', 'customer_id', 'vehicle_id', 'booking_status', 'no_agreement_reason'])
    .where('id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      agencyId: row.agency_id,
      customerId: row.customer_id,
      vehicleId: row.vehicle_id,
      status: row.booking_status,
      noAgreementReason: row.no_agreement_reason,
    }
  );
}
