import { STAFF_ROLES } from '#domain/constants';
import { invoiceIdParams } from '#domain/schemas/invoice';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { markPaid } from '../../repositories/invoices.ts';
import { changeStatus } from './invoice-rules.ts';

/** POST invoices/:id/paid/: an issued invoice is paid today. */
export const payInvoiceRoute = defineRoute({
  method: 'POST',
  url: 'invoices/:id/paid/',
  access: STAFF_ROLES,
  params: invoiceIdParams,
  status: 200,
  async handler({ deps, user, params }) {
    return changeStatus(deps, params.id, agencyScope(user), 'pay', (today, now) =>
      markPaid(deps.db, params.id, today, now),
    );
  },
});
