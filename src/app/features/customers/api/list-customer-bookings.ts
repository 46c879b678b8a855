import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BookingStatus, PaymentMethod } from '#domain/constants';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from '#app/lib/query-keys';
import { FIRST_PAGE, nextCursor, pagePath } from '../../../lib/paging.ts';

/** One row of a customer's booking history as GET bookings/customer/{id}/ sends it. */
export interface CustomerHistoryBooking {
  id: number;
  created_at: string;
  start_date: string;
  end_date: string;
  booking_amount: string;
  estimated_mileage: number | null;
  payment_method: PaymentMethod;
  booking_status: BookingStatus;
  vehicle_details: { id: number; make: string; model: string; registration_number: string };
}

const PAGE_SIZE = 20;

/** A customer's bookings, newest first, a page at a time (an agency sees only its own). */
export const customerBookingsQueryOptions = (customerId: number) =>
  infiniteQueryOptions({
    queryKey: bookingKeys.ofCustomer(customerId, PAGE_SIZE),
    queryFn: ({ pageParam, signal }) =>
      api.page<CustomerHistoryBooking>(
        pagePath(`bookings/customer/${customerId}/`, { limit: String(PAGE_SIZE) }, pageParam),
        signal,
      ),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextCursor,
  });

export function useCustomerBookings(customerId: number) {
  return useInfiniteQuery(customerBookingsQueryOptions(customerId));
}
