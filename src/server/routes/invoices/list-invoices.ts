import * as v from 'valibot';
import type { InvoiceSummary } from '#domain/api/invoices';
import { STAFF_ROLES } from '#domain/constants';
import { invoiceFilterFields } from '#domain/schemas/invoice';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { listInvoices } from '../../repositories/invoices.ts';
import { paged, pagingFields } from '../params.ts';
import { invoiceFilter } from './filter.ts';

const listQuery = v.object({ ...invoiceFilterFields, ...pagingFields(50, 200) });

/** GET invoices/: the caller's invoices (every agency's for staff), newest first; total in X-Total-Count. */
export const listInvoicesRoute = defineRoute({
  method: 'GET',
  url: 'invoices/',
  access: STAFF_ROLES,
  query: listQuery,
  async handler({ deps, user, query, reply }): Promise<InvoiceSummary[]> {
    const { limit, offset, ...filter } = query;
    return paged(reply, await listInvoices(deps.db, invoiceFilter(agencyScope(user), filter), { limit, offset }));
  },
});
