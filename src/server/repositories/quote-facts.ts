import type { Kysely } from 'kysely';
import { type ParameterOf, preparedQuery } from '../db/prepared-query.ts';
import type { Database } from '../db/types.ts';

/** What a quote needs of a vehicle on offer: its rates, its agency and where it is picked up. */
export interface QuoteVehicleFacts {
  id: number;
  agencyId: number;
  /** Only an approved agency's vehicles are offered to the public. */
  agencyApproved: boolean;
  /** The agency's `rate_plan_version` now: which plan prices it (services/quotes/pricing-plan.ts). */
  planVersion: number;
  categoryId: number | null;
  pricePerDay: number;
  deposit: number;
  mileageAllowance: number;
  locationIds: number[];
}

/** One statement: the vehicle and its agency, a row per pickup location (one with none when it has none). */
const vehicleFactsQuery = preparedQuery((db, parameter: ParameterOf<{ vehicleId: number }>) =>
  db
    .selectFrom('vehicles')
    .innerJoin('agencies', 'agencies.id', 'vehicles.agency_id')
    .leftJoin('vehicle_locations', 'vehicle_locations.vehicle_id', 'vehicles.id')
    .select([
      'vehicles.id',
      'vehicles.agency_id',
      'vehicles.category_id',
      'vehicles.price_per_day',
      'vehicles.deposit',
      'vehicles.mileage_allowance',
      'agencies.status',
      'agencies.rate_plan_version',
      'vehicle_locations.location_id',
    ])
    .where('vehicles.id', '=', parameter('vehicleId'))
    .where('vehicles.retired_at', 'is', null),
);

/** A vehicle in service (not retired), with its agency's status and its pickup locations; undefined otherwise. */
export async function quoteVehicleFacts(
  db: Kysely<Database>,
  vehicleId: number,
): Promise<QuoteVehicleFacts | undefined> {
  const rows = await vehicleFactsQuery.execute(db, { vehicleId });
  const [vehicle] = rows;
  if (!vehicle) return undefined;
  return {
    id: vehicle.id,
    agencyId: vehicle.agency_id,
    agencyApproved: vehicle.status === 'approved',
    planVersion: vehicle.rate_plan_version,
    categoryId: vehicle.category_id,
    pricePerDay: vehicle.price_per_day,
    deposit: vehicle.deposit,
    mileageAllowance: vehicle.mileage_allowance,
    locationIds: rows.flatMap((row) => (row.location_id === null ? [] : [row.location_id])),
  };
}
