import { STAFF_ROLES } from '#domain/constants';
import { invoiceIdParams } from '#domain/schemas/invoice';
import { sendPrivateFile } from '../../http/private-file.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { findInvoiceParties } from '../../repositories/invoices.ts';
import { renderInvoicePdf } from '../../services/invoice-pdf.ts';
import { reachableInvoice } from '../../services/invoices/invoice-access.ts';

/**
 * GET invoices/:id/pdf/: the invoice as an A4 PDF to download, headed "Invoice N" or "Draft
 * invoice" (a draft is also stamped DRAFT, a void one VOID), with the agency's address and VAT number. Made on each call from the stored invoice, so it always says what the invoice says.
 */
export const getInvoicePdfRoute = defineRoute({
  method: 'GET',
  url: 'invoices/:id/pdf/',
  access: STAFF_ROLES,
  params: invoiceIdParams,
  async handler({ deps, user, params, reply }): Promise<Buffer> {
    const invoice = await reachableInvoice(deps, params.id, agencyScope(user));
    const row = await findInvoiceParties(deps.db, invoice.id);
    const logo = row.agency_logo_key ? await deps.media.openLogo(row.agency_logo_key) : null;
    const pdf = await renderInvoicePdf(
      invoice,
      {
        agency: {
          name: row.agency_name,
          email: row.agency_email,
          phone: row.agency_phone,
          address: row.agency_postal_address.split('\n').filter((line) => line.trim() !== ''),
          vatNumber: row.agency_vat_number,
        },
        logo: logo?.body ?? null,
        replacesNumber: row.replaces_number,
        customer: {
          title: row.customer_title,
          email: row.customer_email,
          phone: row.customer_phone,
          address: [row.street_address, row.address_line2, row.city, row.country].filter((part): part is string =>
            Boolean(part),
          ),
        },
      },
      deps.config.currency,
    );
    const name = invoice.number === null ? `draft-${invoice.id}` : String(invoice.number);
    return sendPrivateFile(reply, pdf, 'application/pdf', `invoice-${name}.pdf`);
  },
});
