import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UnavailabilityPeriod, VehicleBooking } from '#domain/api/unavailability';
import { api } from '../../../lib/api-client.ts';
import { UNAVAILABILITY_KEY } from './unavailability.ts';

export type { VehicleBooking };

/** One vehicle over one calendar month, [from, to] inclusive. */
export interface CalendarRange {
  vehicle: number;
  from: string;
  to: string;
}

// Both sit under the unavailability key, so adding, editing or deleting a period reads them again.

/** GET unavailability/?vehicle&from&to: the vehicle's periods touching the month. */
export const vehiclePeriodsQueryOptions = ({ vehicle, from, to }: CalendarRange) =>
  queryOptions({
    queryKey: [...UNAVAILABILITY_KEY, 'vehicle', { vehicle, from, to }],
    queryFn: ({ signal }) =>
      api.list<UnavailabilityPeriod>(`unavailability/?vehicle=${vehicle}&from=${from}&to=${to}&limit=500`, signal),
    staleTime: 0,
  });

/** GET staff-vehicles/{id}/bookings/?from&to: the vehicle's bookings touching the month (cancelled ones left out). */
export const vehicleBookingsQueryOptions = ({ vehicle, from, to }: CalendarRange) =>
  queryOptions({
    queryKey: [...UNAVAILABILITY_KEY, 'bookings', { vehicle, from, to }],
    queryFn: ({ signal }) =>
      api.get<VehicleBooking[]>(`staff-vehicles/${vehicle}/bookings/?from=${from}&to=${to}`, signal),
    staleTime: 0,
  });

/** The periods and bookings a vehicle's month shows. */
export function useVehicleCalendar(range: CalendarRange) {
  // The grid stays (and keeps the keyboard's focus) while the next month loads; it is marked busy
  // until then. Its user keys it by vehicle, so one vehicle's days never stand in for another's.
  return {
    periods: useQuery({ ...vehiclePeriodsQueryOptions(range), placeholderData: keepPreviousData }),
    bookings: useQuery({ ...vehicleBookingsQueryOptions(range), placeholderData: keepPreviousData }),
  };
}
