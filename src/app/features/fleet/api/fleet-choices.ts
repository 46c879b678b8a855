import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffVehicle } from '#domain/api/vehicles';
import { api } from '../../../lib/api-client.ts';
import { staffVehicleKeys } from '#app/lib/query-keys';

/** What a picker needs of a staff vehicle. */
export type FleetChoice = Pick<StaffVehicle, 'id' | 'make' | 'model' | 'registration_number'>;

/** "Toyota Yaris (AB12 CDE)": how a picker names a vehicle. */
export const fleetChoiceName = (vehicle: FleetChoice) =>
  `${vehicle.make} ${vehicle.model} (${vehicle.registration_number})`;

/**
 * The fleet's vehicles for a form's or a filter's picker (GET staff-vehicles/, one page of up to
 * 500). Kept on the device with the rest of the cache: the scanner finds vehicles in it offline.
 */
export const fleetChoicesQueryOptions = () =>
  queryOptions({
    queryKey: staffVehicleKeys.choices,
    queryFn: ({ signal }) => api.list<FleetChoice>('staff-vehicles/?limit=500', signal),
  });

export function useFleetChoices() {
  return useQuery(fleetChoicesQueryOptions());
}
