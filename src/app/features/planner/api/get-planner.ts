import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
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

/**
 * Every vehicle of the window: the grid groups them (a vehicle may be under two locations) and
 * the agenda lists them all, so the pages after the first are asked for as soon as it is in.
 */
export function usePlanner(filter: PlannerFilter) {
  const query = useInfiniteQuery(plannerQueryOptions(filter));
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  return query;
}
