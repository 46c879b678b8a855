import * as v from 'valibot';
import type { ApiCustomer } from '#domain/api/customers';
import { optionalText } from '#domain/schemas/fields';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { CUSTOMER_ORDERINGS, listCustomers } from '../../repositories/customers.ts';
import { cursorPagingFields, sendPage } from '../params.ts';
import { STAFF_SIDE } from './customer-records.ts';

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 500;

const listQuery = v.object({
  search: optionalText('Search', 100),
  ordering: v.optional(
    v.picklist(CUSTOMER_ORDERINGS, `Ordering must be one of: ${CUSTOMER_ORDERINGS.join(', ')}.`),
    'name',
  ),
  ...cursorPagingFields(DEFAULT_LIMIT, MAX_LIMIT),
});

/** GET customers/: the customers the caller's agency may see (the operator: all), searchable and sortable. */
export const listCustomersRoute = defineRoute({
  method: 'GET',
  url: 'customers/',
  access: STAFF_SIDE,
  query: listQuery,
  async handler({ deps, user, query, request, reply }): Promise<ApiCustomer[]> {
    return sendPage(request, reply, () =>
      listCustomers(deps.db, agencyScope(user), {
        search: query.search ?? undefined,
        ordering: query.ordering,
        limit: query.limit,
        offset: query.offset,
        cursor: query.cursor,
      }),
    );
  },
});
