import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { StaffBooking } from '#domain/api/bookings';
import type { StaffBookingOrdering } from '#domain/schemas/booking';
import { api } from '../../../lib/api-client.ts';
import { FIRST_PAGE, nextCursor, pagePath } from '../../../lib/paging.ts';
import { bookingKeys } from '#app/lib/query-keys';

export type { StaffBooking };

const PAGE_SIZE = 25;

export interface StaffBookingFilter {
  search: string;
  ordering: StaffBookingOrdering;
  /** Only this customer's bookings. */
  customerId?: number | undefined;
}

/** The staff booking list (GET bookings/): searched, ordered and filtered on the server, a page at a time. */
export const staffBookingsQueryOptions = ({ search, ordering, customerId }: StaffBookingFilter) =>
  infiniteQueryOptions({
    queryKey: bookingKeys.staffList({ search, ordering, customerId: customerId ?? null, limit: PAGE_SIZE }),
    queryFn: ({ pageParam, signal }) => {
      const params: Record<string, string> = { limit: String(PAGE_SIZE), ordering };
      if (search) params.search = search;
      if (customerId !== undefined) params.customer = String(customerId);
      return api.page<StaffBooking>(pagePath('bookings/', params, pageParam), signal);
    },
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextCursor,
  });

export function useStaffBookings(filter: StaffBookingFilter) {
  // The rows stay while a new search or order loads, so the table does not flash empty.
  return useInfiniteQuery({ ...staffBookingsQueryOptions(filter), placeholderData: keepPreviousData });
}
