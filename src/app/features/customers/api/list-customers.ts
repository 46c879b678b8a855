import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ApiCustomer } from '#domain/api/customers';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from '#app/lib/query-keys';
import { FIRST_PAGE, nextCursor, pagePath } from '../../../lib/paging.ts';

const PAGE_SIZE = 25;

export type CustomerSortField = 'name' | 'email' | 'created_at';

export interface CustomerListParams {
  search: string;
  /** `name`, `-name`, `email`, `-email`, `created_at` or `-created_at`. */
  ordering: string;
}

/** GET customers/: the customers the caller may see, searched and sorted by the server, a page at a time. */
export const customersQueryOptions = ({ search, ordering }: CustomerListParams) =>
  infiniteQueryOptions({
    queryKey: customerKeys.list({ search, ordering, limit: PAGE_SIZE }),
    queryFn: ({ pageParam, signal }) => {
      const params: Record<string, string> = { ordering, limit: String(PAGE_SIZE) };
      if (search) params.search = search;
      return api.page<ApiCustomer>(pagePath('customers/', params, pageParam), signal);
    },
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextCursor,
  });

export function useCustomers(params: CustomerListParams) {
  return useInfiniteQuery({
    ...customersQueryOptions(params),
    // While a new search or order loads, the rows of the last one stay on screen.
    placeholderData: (previous) => previous,
  });
}
