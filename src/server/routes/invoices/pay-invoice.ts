import type { Invoice } from '#domain/api/invoices';
import { STAFF_ROLES } from '#domain/constants';
import { invoiceIdParams } from '#domain/schemas/invoice';
import { defineRoute } from '../../http/route.ts';
import { changeInvoiceStatus } from '../../services/invoices/invoice-status.ts';

/** POST invoices/:id/paid/: an issued invoice is paid today. */
export const payInvoiceRoute = defineRoute({
  method: 'POST',
  url: 'invoices/:id/paid/',
  access: STAFF_ROLES,
  params: invoiceIdParams,
  status: 200,
  async handler({ deps, user, params }): Promise<Invoice> {
    return changeInvoiceStatus(deps, user, params.id, 'pay');
  },
});
