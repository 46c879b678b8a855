import type { Invoice } from '#domain/api/invoices';
import { STAFF_ROLES } from '#domain/constants';
import { invoiceIdParams } from '#domain/schemas/invoice';
import { defineRoute } from '../../http/route.ts';
import { changeInvoiceStatus } from '../../services/invoices/invoice-status.ts';

/** POST invoices/:id/void/: the invoice stops counting; an issued one keeps its number (no gap). */
export const voidInvoiceRoute = defineRoute({
  method: 'POST',
  url: 'invoices/:id/void/',
  access: STAFF_ROLES,
  params: invoiceIdParams,
  status: 200,
  async handler({ deps, user, params }): Promise<Invoice> {
    return changeInvoiceStatus(deps, user, params.id, 'void');
  },
});
