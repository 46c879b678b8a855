import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiCustomer } from '#domain/api/customers';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from '#app/lib/query-keys';

export type { ApiCustomer };

/** The signed-in customer's own record (GET customers/me/): address, next of kin, license. */
export const ownCustomerQueryOptions = () =>
  queryOptions({
    queryKey: customerKeys.own,
    queryFn: ({ signal }) => api.get<ApiCustomer>('customers/me/', signal),
  });

export function useOwnCustomer() {
  return useQuery(ownCustomerQueryOptions());
}
