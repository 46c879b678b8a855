import type { Invoice } from '#domain/api/invoices';
import { STAFF_ROLES } from '#domain/constants';
import { invoiceIdParams } from '#domain/schemas/invoice';
import { defineRoute } from '../../http/route.ts';
import { changeInvoiceStatus } from '../../services/invoices/invoice-status.ts';

/** POST invoices/:id/issue/: a draft gets its agency's next number, today's date and the current tax rate. */
export const issueInvoiceRoute = defineRoute({
  method: 'POST',
  url: 'invoices/:id/issue/',
  access: STAFF_ROLES,
  params: invoiceIdParams,
  status: 200,
  async handler({ deps, user, params }): Promise<Invoice> {
    return changeInvoiceStatus(deps, user, params.id, 'issue');
  },
});
