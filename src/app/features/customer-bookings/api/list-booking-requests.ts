import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CustomerBookingRequest } from '#domain/api/bookings';
import { api } from '../../../lib/api-client.ts';
import { bookingRequestKeys } from '#app/lib/query-keys';
import { FIRST_PAGE, nextCursor, pagePath } from '../../../lib/paging.ts';

export type { CustomerBookingRequest };

/** Every query of the customer's requests starts with this; the request forms invalidate it. */
const PAGE_SIZE = 12;

/** The signed-in customer's requests, newest first, a page at a time (GET booking-requests/). */
export const bookingRequestsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: bookingRequestKeys.list(PAGE_SIZE),
    queryFn: ({ pageParam, signal }) =>
      api.page<CustomerBookingRequest>(pagePath('booking-requests/', { limit: String(PAGE_SIZE) }, pageParam), signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextCursor,
  });

export function useBookingRequests() {
  return useInfiniteQuery(bookingRequestsQueryOptions());
}
