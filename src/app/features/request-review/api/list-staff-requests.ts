import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { StaffBookingRequest } from '#domain/api/booking-requests';
import type { RequestStatus } from '#domain/constants';
import { api } from '../../../lib/api-client.ts';
import { FIRST_PAGE, nextCursor, pagePath } from '../../../lib/paging.ts';
import { STAFF_REQUESTS_KEY } from './staff-requests-key.ts';

export type { StaffBookingRequest };

const PAGE_SIZE = 20;

/** The requests of the caller's agency (every agency for staff), newest first, optionally one status, a page at a time. */
export const staffRequestsQueryOptions = (status: RequestStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: [...STAFF_REQUESTS_KEY, 'list', { status: status ?? 'all', limit: PAGE_SIZE }],
    queryFn: ({ pageParam, signal }) => {
      const params: Record<string, string> = { limit: String(PAGE_SIZE) };
      if (status) params.status = status;
      return api.page<StaffBookingRequest>(pagePath('staff-booking-requests/', params, pageParam), signal);
    },
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextCursor,
  });

export function useStaffRequests(status: RequestStatus | undefined) {
  return useInfiniteQuery(staffRequestsQueryOptions(status));
}
