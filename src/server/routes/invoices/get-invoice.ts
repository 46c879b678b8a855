import type { Invoice } from '#domain/api/invoices';
import { STAFF_ROLES } from '#domain/constants';
import { invoiceIdParams } from '#domain/schemas/invoice';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { reachableInvoice } from '../../services/invoices/invoice-access.ts';

/** GET invoices/:id/: one invoice with its lines. */
export const getInvoiceRoute = defineRoute({
  method: 'GET',
  url: 'invoices/:id/',
  access: STAFF_ROLES,
  params: invoiceIdParams,
  async handler({ deps, user, params }): Promise<Invoice> {
    return reachableInvoice(deps, params.id, agencyScope(user));
  },
});
