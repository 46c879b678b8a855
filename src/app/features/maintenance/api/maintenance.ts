import { isoDateOrUndefined } from '#domain/dates';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { MaintenanceRecord, MaintenanceTotals } from '#domain/api/maintenance';
import { MAINTENANCE_TYPES, type MaintenanceType } from '#domain/service-due';
import { formatMoney } from '#domain/money';
import type { MaintenanceInput } from '#domain/schemas/maintenance';
import { api } from '../../../lib/api-client.ts';
import { definedOnly } from '../../../lib/search-params.ts';
import { formatDate } from '../../../lib/format.ts';
import { nextOffset } from '../../../lib/paging.ts';
import type { OutboxRequest } from '../../../offline/outbox.ts';
import { deskKeys, staffVehicleKeys } from '#app/lib/query-keys';
import { MAINTENANCE_TYPE_LABELS } from '../maintenance-labels.ts';

export type { MaintenanceRecord, MaintenanceTotals };

/** Every maintenance query (lists and totals) starts with this. */
export const MAINTENANCE_KEY = ['maintenance'] as const;
const PAGE_SIZE = 25;

/** The list's filters as the URL keeps them; absent means "any". */
export interface MaintenanceFilter {
  vehicle?: number | undefined;
  type?: MaintenanceType | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The filters a link or the address bar carried: an unknown type or a malformed date is dropped. */
export function maintenanceFilterOf(search: { vehicle?: number; type?: string; from?: string; to?: string }) {
  return definedOnly<MaintenanceFilter>({
    vehicle: search.vehicle,
    type: MAINTENANCE_TYPES.find((type) => type === search.type),
    from: isoDateOrUndefined(search.from),
    to: isoDateOrUndefined(search.to),
  });
}

function filterParams(filter: MaintenanceFilter): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.vehicle !== undefined) params.vehicle = String(filter.vehicle);
  if (filter.type) params.type = filter.type;
  if (filter.from) params.from = filter.from;
  if (filter.to) params.to = filter.to;
  return params;
}

/** GET maintenance/: the fleet's records, newest first, a page at a time. */
export const maintenanceListOptions = (filter: MaintenanceFilter) =>
  infiniteQueryOptions({
    queryKey: [...MAINTENANCE_KEY, 'list', { ...filterParams(filter), limit: PAGE_SIZE }],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({
        ...filterParams(filter),
        limit: String(PAGE_SIZE),
        offset: String(pageParam),
      });
      return api.list<MaintenanceRecord>(`maintenance/?${params.toString()}`, signal);
    },
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    // Colleagues record work too: each visit shows the kept list at once and asks for the current one.
    staleTime: 0,
  });

export function useMaintenanceRecords(filter: MaintenanceFilter) {
  return useInfiniteQuery({ ...maintenanceListOptions(filter), placeholderData: (previous) => previous });
}

/** GET maintenance/totals/: what the filtered records add up to, every page together. */
export const maintenanceTotalsOptions = (filter: MaintenanceFilter) =>
  queryOptions({
    queryKey: [...MAINTENANCE_KEY, 'totals', filterParams(filter)],
    queryFn: ({ signal }) =>
      api.get<MaintenanceTotals>(`maintenance/totals/?${new URLSearchParams(filterParams(filter)).toString()}`, signal),
    staleTime: 0,
  });

export function useMaintenanceTotals(filter: MaintenanceFilter) {
  return useQuery({ ...maintenanceTotalsOptions(filter), placeholderData: (previous) => previous });
}

/** A service moves the vehicle's next service date and mileage; the fleet list and dashboard show both. */
const AFFECTED = [MAINTENANCE_KEY, staffVehicleKeys.all, deskKeys.all] as const;

/**
 * The outbox request for POST maintenance/ (or, with an id, PATCH maintenance/{id}/): recorded in
 * the yard without signal, it is kept on this device and sent once (its Idempotency-Key).
 */
export function maintenanceRequest(id: number | null, input: MaintenanceInput, vehicleName: string): OutboxRequest {
  return {
    kind: 'maintenance-record',
    // Records of one vehicle are sent in the order made: its mileage and service date follow them.
    target: `vehicle:${input.vehicle}`,
    method: id === null ? 'POST' : 'PATCH',
    url: id === null ? 'maintenance/' : `maintenance/${id}/`,
    // The form's output holds the cost in minor units; the wire carries decimal strings ("180.50").
    json: { ...input, cost: formatMoney(input.cost) },
    invalidate: AFFECTED,
    label: `${MAINTENANCE_TYPE_LABELS[input.type]}: ${vehicleName}, ${formatDate(input.service_date)}`,
  };
}

/** DELETE maintenance/{id}/: needs a connection (a deletion kept for later could remove a record edited meanwhile). */
export function useDeleteRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`maintenance/${id}/`),
    onSuccess: () => Promise.all(AFFECTED.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
