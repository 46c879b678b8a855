import type { QueryClient } from '@tanstack/react-query';
import { staffVehicleKeys } from '#app/lib/query-keys';

/** What the device may know of a vehicle of the fleet without the server: enough to name it. */
export interface CachedVehicle {
  id: number;
  make: string;
  model: string;
  registration_number: string;
  label_code: string;
  /** Absent from the lighter lists (a picker's choices hold every field today, but need not). */
  next_service_date?: string;
  retired_at?: string | null;
}

function isCachedVehicle(value: unknown): value is CachedVehicle {
  if (typeof value !== 'object' || value === null) return false;
  const vehicle = value as Record<string, unknown>;
  return (
    typeof vehicle['id'] === 'number' &&
    typeof vehicle['make'] === 'string' &&
    typeof vehicle['model'] === 'string' &&
    typeof vehicle['registration_number'] === 'string' &&
    typeof vehicle['label_code'] === 'string'
  );
}

/** The vehicles in one cached answer: a list, the pages of a paged list, a detail or a today card. */
function vehiclesIn(data: unknown): CachedVehicle[] {
  if (isCachedVehicle(data)) return [data];
  if (typeof data !== 'object' || data === null) return [];
  const answer = data as Record<string, unknown>;
  if (Array.isArray(answer['items'])) return answer['items'].filter(isCachedVehicle);
  if (Array.isArray(answer['pages'])) return answer['pages'].flatMap(vehiclesIn);
  return vehiclesIn(answer['vehicle']);
}

/**
 * Every vehicle of the fleet the query cache holds (restored from IndexedDB after an offline
 * start): the pickers' whole-fleet list, the Vehicles pages seen, details and today cards — each
 * once, as its latest answer gives it. The scanner and the today card find vehicles here offline.
 */
export function cachedFleet(queryClient: QueryClient): CachedVehicle[] {
  const queries = queryClient
    .getQueryCache()
    .findAll({ queryKey: staffVehicleKeys.all })
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const seen = new Map<string, CachedVehicle>();
  for (const query of queries) {
    for (const vehicle of vehiclesIn(query.state.data)) {
      const code = vehicle.label_code.toUpperCase();
      if (!seen.has(code)) seen.set(code, vehicle);
    }
  }
  return [...seen.values()];
}

/** The cached vehicle whose label carries `code`. */
export function cachedVehicleByCode(queryClient: QueryClient, code: string): CachedVehicle | null {
  const wanted = code.toUpperCase();
  return cachedFleet(queryClient).find((vehicle) => vehicle.label_code.toUpperCase() === wanted) ?? null;
}
