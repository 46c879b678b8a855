import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiCustomer } from '#domain/api/customers';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from '#app/lib/query-keys';

/** GET customers/{id}/: one customer the caller may see. */
export const customerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => api.get<ApiCustomer>(`customers/${id}/`, signal),
  });

export function useCustomer(id: number) {
  return useQuery(customerQueryOptions(id));
}
