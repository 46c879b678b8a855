import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiCustomer } from '#domain/api/customers';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from '#app/lib/query-keys';

/** How many matches a chooser offers at once: enough to pick from, never the whole customer list. */
export const CHOICES_LIMIT = 20;

/** Customers matching a search, for a chooser (GET customers/?search=): one short page from the server. */
export const customerChoicesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: bookingKeys.customerChoices(search, CHOICES_LIMIT),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(CHOICES_LIMIT) });
      if (search) params.set('search', search);
      return api.list<ApiCustomer>(`customers/?${params.toString()}`, signal);
    },
    staleTime: 30_000,
  });

export function useCustomerChoices(search: string, enabled: boolean) {
  return useQuery({ ...customerChoicesQueryOptions(search), enabled, placeholderData: keepPreviousData });
}
