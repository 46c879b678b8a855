import type { Invoice } from '#domain/api/invoices';
import { STAFF_ROLES } from '#domain/constants';
import { invoiceCreateSchema } from '#domain/schemas/invoice';
import { defineRoute } from '../../http/route.ts';
import { createInvoiceDraft } from '../../services/invoices/create-draft.ts';

/**
 * POST invoices/: a draft from a booking, or the replacement of a void invoice
 * (services/invoices/create-draft). A booking has at most one invoice that is not void.
 */
export const createInvoiceRoute = defineRoute({
  method: 'POST',
  url: 'invoices/',
  access: STAFF_ROLES,
  body: invoiceCreateSchema,
  async handler({ deps, user, body, request }): Promise<Invoice> {
    return createInvoiceDraft(deps, user, body, request.idempotencyClaim);
  },
});
