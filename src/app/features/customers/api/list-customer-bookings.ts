import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CustomerBookingHistoryItem } from '#domain/api/bookings';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from '#app/lib/query-keys';
import { FIRST_PAGE, nextCursor, pagePath } from '../../../lib/paging.ts';

const PAGE_SIZE = 20;

/** A customer's bookings, newest first, a page at a time (an agency sees only its own). */
export const customerBookingsQueryOptions = (customerId: number) =>
  infiniteQueryOptions({
    queryKey: bookingKeys.ofCustomer(customerId, PAGE_SIZE),
    queryFn: ({ pageParam, signal }) =>
      api.page<CustomerBookingHistoryItem>(
        pagePath(`bookings/customer/${customerId}/`, { limit: String(PAGE_SIZE) }, pageParam),
        signal,
      ),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextCursor,
  });

export function useCustomerBookings(customerId: number) {
  return useInfiniteQuery(customerBookingsQueryOptions(customerId));
}
