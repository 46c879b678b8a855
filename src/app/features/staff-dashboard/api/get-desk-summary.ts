import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeskSummary } from '#domain/api/desk';
import { api } from '../../../lib/api-client.ts';

/** Every day's figures: what a booking, review or fleet write invalidates. */
export const STAFF_DASHBOARD_KEY = ['staff-dashboard'] as const;

/** GET staff-dashboard/?date=: the desk's day, counted on the user's own calendar. */
export const deskSummaryQueryOptions = (date: string) =>
  queryOptions({
    queryKey: [...STAFF_DASHBOARD_KEY, date] as const,
    queryFn: ({ signal }) => api.get<DeskSummary>(`staff-dashboard/?date=${date}`, signal),
    // A desk glances back often: the figures follow the day without a reload.
    refetchInterval: 60_000,
  });

export function useDeskSummary(date: string) {
  return useQuery(deskSummaryQueryOptions(date));
}
