import type { Invoice } from '#domain/api/invoices';
import { STAFF_ROLES } from '#domain/constants';
import { invoiceIdParams, invoiceUpdateSchema } from '#domain/schemas/invoice';
import { defineRoute } from '../../http/route.ts';
import { editInvoiceDraft } from '../../services/invoices/invoice-status.ts';

/**
 * PATCH invoices/:id/: a draft's lines (the whole list) and notes; totals follow at the agency's
 * current tax rate. Anything past a draft is a 409: it can only be voided and replaced.
 */
export const updateInvoiceRoute = defineRoute({
  method: 'PATCH',
  url: 'invoices/:id/',
  access: STAFF_ROLES,
  params: invoiceIdParams,
  body: invoiceUpdateSchema,
  async handler({ deps, user, params, body }): Promise<Invoice> {
    return editInvoiceDraft(deps, user, params.id, body);
  },
});
