import type { QueryClient } from '@tanstack/react-query';
import { publicVehicleKeys } from '../../../lib/public-vehicle-keys.ts';

/** The price list's lists, as their calls are named (`seasons/`, `extras/`…). */
export type PriceListPath = 'vehicle-categories' | 'seasons' | 'length-tiers' | 'extras' | 'one-way-fees';

export const RATES_KEY = ['rates'] as const;

/** Settings → Rates & extras: the whole plan (its settings and version) and each list of it. */
export const rateKeys = {
  all: RATES_KEY,
  plan: [...RATES_KEY, 'plan'] as const,
  list: (path: PriceListPath) => [...RATES_KEY, 'list', path] as const,
};

/**
 * After a write to the plan: the public fleet's lists and each vehicle's cached plan (the quotes
 * the request forms compute on the device, the categories and prices on cards) came from the old
 * one, so they are asked for again where shown and marked stale elsewhere.
 */
export function refreshPricedViews(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: publicVehicleKeys.all });
}
