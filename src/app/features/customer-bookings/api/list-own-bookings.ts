import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CustomerBooking } from '#domain/api/bookings';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from '#app/lib/query-keys';
import { FIRST_PAGE, nextCursor, pagePath } from '../../../lib/paging.ts';

export type { CustomerBooking };

/** Every query of bookings starts with this. */
const PAGE_SIZE = 20;

/** The signed-in customer's bookings, newest first, a page at a time (GET bookings/, customer shape). */
export const ownBookingsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: bookingKeys.ownList(PAGE_SIZE),
    queryFn: ({ pageParam, signal }) =>
      api.page<CustomerBooking>(pagePath('bookings/', { limit: String(PAGE_SIZE) }, pageParam), signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextCursor,
  });

export function useOwnBookings() {
  return useInfiniteQuery(ownBookingsQueryOptions());
}
