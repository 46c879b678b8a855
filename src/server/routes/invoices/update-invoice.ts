import { STAFF_ROLES } from '#domain/constants';
import { invoiceIdParams, invoiceUpdateSchema, ISSUED_NOT_EDITABLE } from '#domain/schemas/invoice';
import { conflict } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { updateDraft } from '../../repositories/invoices.ts';
import { reachableInvoice } from './invoice-rules.ts';

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
  async handler({ deps, user, params, body }) {
    const scope = agencyScope(user);
    await reachableInvoice(deps, params.id, scope);
    const updated = await updateDraft(deps.db, params.id, {
      lines: body.lines,
      notes: body.notes,
      now: deps.now().toISOString(),
    });
    if (!updated) throw conflict(ISSUED_NOT_EDITABLE);
    return reachableInvoice(deps, params.id, scope);
  },
});
