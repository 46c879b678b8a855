import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { StaffVehicle } from '#domain/api/vehicles';
import type { Ownership } from '#domain/constants';
import { api } from '../../../lib/api-client.ts';
import { staffVehicleKeys } from '#app/lib/query-keys';
import { nextOffset } from '../../../lib/paging.ts';

export type { StaffVehicle };

/** Every query of staff vehicles (lists and details) starts with this. */
const PAGE_SIZE = 24;

export interface StaffVehicleListFilter {
  /** Make, model or colour; the server matches it whatever its case. */
  search: string;
  ownership: Ownership | 'all';
  /** Only vehicles whose next service is on or before this day (today + 14: "service due"). */
  nextServiceBy?: string | undefined;
  /** Retired vehicles too, marked (the list's "Show retired"); left out otherwise. */
  includeRetired?: boolean | undefined;
}

function listUrl(filter: StaffVehicleListFilter, offset: number): string {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset) });
  const search = filter.search.trim();
  if (search) params.set('search', search);
  if (filter.ownership !== 'all') params.set('ownership', filter.ownership);
  if (filter.nextServiceBy) params.set('next_service_by', filter.nextServiceBy);
  if (filter.includeRetired) params.set('include_retired', 'true');
  return `staff-vehicles/?${params.toString()}`;
}

/** The caller's fleet, searched and filtered by the server, a page at a time (GET staff-vehicles/). */
export const staffVehiclesQueryOptions = (filter: StaffVehicleListFilter) =>
  infiniteQueryOptions({
    queryKey: staffVehicleKeys.list({
      search: filter.search.trim().toLowerCase(),
      ownership: filter.ownership,
      nextServiceBy: filter.nextServiceBy,
      includeRetired: filter.includeRetired === true,
      limit: PAGE_SIZE,
    }),
    queryFn: ({ pageParam, signal }) => api.list<StaffVehicle>(listUrl(filter, pageParam), signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });

export function useStaffVehicles(filter: StaffVehicleListFilter) {
  // While a new search is on its way the last result stays on screen instead of a loading state.
  return useInfiniteQuery({ ...staffVehiclesQueryOptions(filter), placeholderData: keepPreviousData });
}
