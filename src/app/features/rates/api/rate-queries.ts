import type { QueryClient } from '@tanstack/react-query';
import { extrasQueryOptions } from './extras.ts';
import { lengthTiersQueryOptions } from './length-tiers.ts';
import { oneWayFeesQueryOptions } from './one-way-fees.ts';
import { ratePlanQueryOptions } from './rate-plan.ts';
import { seasonsQueryOptions } from './seasons.ts';
import { vehicleCategoriesQueryOptions } from './vehicle-categories.ts';

/** Asks at once for every query the Rates & extras screen shows (not awaited: each panel has its own states). */
export function prefetchRateScreen(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(vehicleCategoriesQueryOptions());
  void queryClient.prefetchQuery(seasonsQueryOptions());
  void queryClient.prefetchQuery(lengthTiersQueryOptions());
  void queryClient.prefetchQuery(extrasQueryOptions());
  void queryClient.prefetchQuery(oneWayFeesQueryOptions());
  void queryClient.prefetchQuery(ratePlanQueryOptions());
}
