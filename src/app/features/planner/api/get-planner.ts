import { infiniteQueryOptions, useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PlannerRow, PlannerWindow } from '#domain/api/planner';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookingKeys } from '#app/lib/query-keys';
import { nextOffset, type ListPage } from '../../../lib/paging.ts';

/** What the planner shows: a window of days and what narrows its vehicles. */
export interface PlannerFilter {
  from: string;
  days: number;
  category?: number | undefined;
  location?: number | undefined;
  search?: string | undefined;
}

/** Vehicles a page: the first screenful and more comes in one answer, the rest follow at once. */
const ROWS_PAGE = 100;

function plannerPath(filter: PlannerFilter, offset: number): string {
  const query = new URLSearchParams({ from: filter.from, days: String(filter.days), limit: String(ROWS_PAGE) });
  if (filter.category !== undefined) query.set('category', String(filter.category));
  if (filter.location !== undefined) query.set('location', String(filter.location));
  if (filter.search) query.set('search', filter.search);
  query.set('offset', String(offset));
  return `planner/?${query.toString()}`;
}

/**
 * GET planner/, page by page of vehicles (X-Total-Count). Kept on the device like every list, so
 * a window already seen shows offline (issue 23).
 */
export const plannerQueryOptions = (filter: PlannerFilter) =>
  infiniteQueryOptions({
    queryKey: [...bookingKeys.planner, filter] as const,
    queryFn: async ({ pageParam, signal }): Promise<ListPage<PlannerRow>> => {
      const response = await apiRequest<PlannerWindow>('GET', plannerPath(filter, pageParam), { signal });
      const total = Number(response.headers.get('X-Total-Count') ?? response.data.rows.length);
      return { items: response.data.rows, total };
    },
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });

/** Windows kept beside the one on screen: the last few seen stay for offline use, older ones go. */
const WINDOWS_KEPT = 3;

/**
 * Drops the planner windows not on screen beyond the last WINDOWS_KEPT seen. A window is up to a
 * megabyte for a large fleet, and every filter, search or date makes another: kept for the week
 * other answers are, they would fill the device and slow every save of the offline copy.
 */
export function pruneWindows(queryClient: QueryClient, kept = WINDOWS_KEPT): void {
  const windows = queryClient
    .getQueryCache()
    .findAll({ queryKey: bookingKeys.planner })
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  for (const query of windows.slice(kept)) {
    if (query.getObserversCount() === 0) queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
  }
}

/**
 * Every vehicle of the window: the grid groups them (a vehicle may be under two locations) and
 * the agenda lists them all, so the pages after the first are asked for as soon as it is in.
 */
export function usePlanner(filter: PlannerFilter) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(plannerQueryOptions(filter));
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage, dataUpdatedAt } = query;
  useEffect(() => {
    if (dataUpdatedAt > 0) pruneWindows(queryClient);
  }, [queryClient, dataUpdatedAt]);
  useEffect(() => {
    if (!hasNextPage || isFetchingNextPage || isError) return;
    // After the rows in hand are painted: asking at once would render again before the first paint.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => void fetchNextPage());
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  return query;
}
