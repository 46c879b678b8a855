import { STAFF_ROLES } from '#domain/constants';
import type { Invoice } from '#domain/api/invoices';
import { invoiceCreateSchema } from '#domain/schemas/invoice';
import { conflict, fieldError } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../http/scope.ts';
import { storeReplyWithWrite } from '../../plugins/idempotency-commit.ts';
import {
  BookingAlreadyInvoicedError,
  findInvoice,
  findInvoiceableBooking,
  InvoiceAlreadyReplacedError,
  insertDraft,
  invoiceLineValues,
  type InvoiceLineValues,
} from '../../repositories/invoices.ts';
import { invoiceName, invoiceNotFound, linesFromBooking } from './invoice-rules.ts';

/**
 * POST invoices/: a draft from a booking ({booking}), its lines worked out from the booking, or
 * the replacement of a void invoice ({replaces}), its lines copied to be corrected. A booking has
 * at most one invoice that is not void.
 */
export const createInvoiceRoute = defineRoute({
  method: 'POST',
  url: 'invoices/',
  access: STAFF_ROLES,
  body: invoiceCreateSchema,
  async handler({ deps, user, body, request }) {
    const scope = agencyScope(user);
    let bookingId = body.booking;
    let lines: InvoiceLineValues[] | undefined;
    let notes: string | null = null;
    if (body.replaces !== null) {
      const replaced = await findInvoice(deps.db, body.replaces, scope);
      if (!replaced) throw fieldError(404, 'replaces', 'Invoice not found.');
      if (replaced.status !== 'void') {
        throw conflict('Only a void invoice can be replaced. Void it first.', {
          replaces: ['Only a void invoice can be replaced. Void it first.'],
        });
      }
      if (bookingId !== null && bookingId !== replaced.booking) {
        throw fieldError(400, 'booking', 'A replacement is for the same booking as the invoice it replaces.');
      }
      bookingId = replaced.booking;
      lines = await invoiceLineValues(deps.db, replaced.id);
      notes = replaced.notes;
    }
    const booking = bookingId === null ? undefined : await findInvoiceableBooking(deps.db, bookingId, scope);
    if (!booking) throw fieldError(404, 'booking', 'Booking not found.');

    let created: Invoice | undefined;
    try {
      await insertDraft(
        deps.db,
        deps.dialect,
        {
          agency_id: booking.agency_id,
          booking_id: booking.id,
          tax_rate: booking.tax_rate,
          notes,
          replaces_invoice_id: body.replaces,
          created_by: user.id,
          now: deps.now().toISOString(),
        },
        lines ?? linesFromBooking(booking),
        async (trx, id) => {
          created = await findInvoice(trx, id, scope);
          if (created) await storeReplyWithWrite(trx, request, 201, created);
        },
      );
    } catch (error) {
      if (error instanceof BookingAlreadyInvoicedError) {
        const message = `This booking already has ${invoiceName(error.invoice)}. Void it to invoice the booking again.`;
        throw conflict(message, { booking: [message] });
      }
      if (error instanceof InvoiceAlreadyReplacedError) {
        const message = `This invoice has already been replaced (invoice #${error.replacementId}).`;
        throw conflict(message, { replaces: [message] });
      }
      throw error;
    }
    if (!created) throw invoiceNotFound();
    return created;
  },
});
