import type { InvoiceTotals } from '#domain/api/invoices';
import { STAFF_ROLES } from '#domain/constants';
import { invoiceFilterSchema } from '#domain/schemas/invoice';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { sumInvoices } from '../../repositories/invoices.ts';
import { invoiceFilter } from './filter.ts';

/**
 * GET invoices/totals/: with the list's filters, how many invoices match and their total, per
 * status and overall (the overall total leaves void invoices out).
 */
export const getInvoiceTotalsRoute = defineRoute({
  method: 'GET',
  url: 'invoices/totals/',
  access: STAFF_ROLES,
  query: invoiceFilterSchema,
  async handler({ deps, user, query }): Promise<InvoiceTotals> {
    return sumInvoices(deps.db, invoiceFilter(agencyScope(user), query));
  },
});
