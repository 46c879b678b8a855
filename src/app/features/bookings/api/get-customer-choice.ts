import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiCustomer } from '#domain/api/customers';
import { api } from '../../../lib/api-client.ts';
import { STAFF_BOOKINGS_KEY } from './staff-bookings-key.ts';

/** One customer (GET customers/{id}/), to name the one a link preselected (`?customerId=`). */
export const customerChoiceQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: [...STAFF_BOOKINGS_KEY, 'customer-choice', customerId],
    queryFn: ({ signal }) => api.get<ApiCustomer>(`customers/${customerId}/`, signal),
  });

export function useCustomerChoice(customerId: number | undefined) {
  return useQuery({ ...customerChoiceQueryOptions(customerId ?? 0), enabled: customerId !== undefined });
}
