import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/** What a quote needs of a vehicle on offer: its rates, its agency and where it is picked up. */
export interface QuoteVehicleFacts {
  id: number;
  agencyId: number;
  /** Only an approved agency's vehicles are offered to the public. */
  agencyApproved: boolean;
  categoryId: number | null;
  pricePerDay: number;
  deposit: number;
  mileageAllowance: number;
  locationIds: number[];
}

/** A vehicle in service (not retired), with its agency's status and its pickup locations; undefined otherwise. */
export async function quoteVehicleFacts(
  db: Kysely<Database>,
  vehicleId: number,
): Promise<QuoteVehicleFacts | undefined> {
  const [vehicle, locations] = await Promise.all([
    db
      .selectFrom('vehicles')
      .innerJoin('agencies', 'agencies.id', 'vehicles.agency_id')
      .select([
        'vehicles.id',
        'vehicles.agency_id',
        'vehicles.category_id',
        'vehicles.price_per_day',
        'vehicles.deposit',
        'vehicles.mileage_allowance',
        'agencies.status',
      ])
      .where('vehicles.id', '=', vehicleId)
      .where('vehicles.retired_at', 'is', null)
      .executeTakeFirst(),
    db.selectFrom('vehicle_locations').select('location_id').where('vehicle_id', '=', vehicleId).execute(),
  ]);
  if (!vehicle) return undefined;
  return {
    id: vehicle.id,
    agencyId: vehicle.agency_id,
    agencyApproved: vehicle.status === 'approved',
    categoryId: vehicle.category_id,
    pricePerDay: vehicle.price_per_day,
    deposit: vehicle.deposit,
    mileageAllowance: vehicle.mileage_allowance,
    locationIds: locations.map((row) => row.location_id),
  };
}
