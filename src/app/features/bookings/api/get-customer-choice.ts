import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiCustomer } from '#domain/api/customers';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from '#app/lib/query-keys';

/** One customer (GET customers/{id}/), to name the one a link preselected (`?customerId=`). */
export const customerChoiceQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: bookingKeys.customerChoice(customerId),
    queryFn: ({ signal }) => api.get<ApiCustomer>(`customers/${customerId}/`, signal),
  });

export function useCustomerChoice(customerId: number | undefined) {
  return useQuery({ ...customerChoiceQueryOptions(customerId ?? 0), enabled: customerId !== undefined });
}
