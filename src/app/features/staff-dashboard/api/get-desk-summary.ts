import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeskSummary } from '#domain/api/desk';
import { api } from '../../../lib/api-client.ts';
import { deskKeys } from '#app/lib/query-keys';

/** Every day's figures: what a booking, review or fleet write invalidates. */

/** GET staff-dashboard/?date=: the desk's day, counted on the user's own calendar. */
export const deskSummaryQueryOptions = (date: string) =>
  queryOptions({
    queryKey: deskKeys.day(date),
    queryFn: ({ signal }) => api.get<DeskSummary>(`staff-dashboard/?date=${date}`, signal),
    // A desk glances back often: the figures follow the day without a reload.
    refetchInterval: 60_000,
  });

export function useDeskSummary(date: string) {
  return useQuery(deskSummaryQueryOptions(date));
}
