import type { Invoice } from '#domain/api/invoices';
import type { InvoiceCreateInput } from '#domain/schemas/invoice';
import type { AuthUser, Deps } from '../../context.ts';
import { lockRow } from '../../db/sql-helpers.ts';
import {
  findInvoice,
  findInvoiceableBooking,
  insertDraft,
  invoiceLineValues,
  type InvoiceLineValues,
  liveInvoiceOf,
  replacementOf,
} from '../../repositories/invoices.ts';
import { bookingQuoteLines } from '../../repositories/quote-lines.ts';
import { linesFromBooking, linesFromQuote } from './invoice-lines.ts';
import { INVOICE_NOT_FOUND, invoiceName } from './invoice-access.ts';
import { BOOKING_NOT_FOUND } from '../booking-access.ts';
import { agencyScope } from '../agency-scope.ts';
import { Conflict, fieldRefusal, Invalid, NotFound } from '../errors.ts';
import { type ReplyKey, storeReplyWithWrite } from '../idempotent-reply.ts';

/** The invoice's note when the booking's prices included tax (decision 045). */
export const TAX_INCLUDED_NOTE = "The booking's prices include tax: the lines here are net of it.";

const ONLY_VOID_REPLACED = 'Only a void invoice can be replaced. Void it first.';

/**
 * A draft from a booking ({booking}), its lines the booking's stored quote lines (or, for a booking
 * made before quotes, worked out from its days and rate), or the replacement
 * of a void invoice ({replaces}), its lines copied to be corrected. A booking has at most one
 * invoice that is not void: the booking row is locked on PostgreSQL so two desks cannot both
 * invoice it (SQLite has one writer at a time), and a second live invoice or replacement is a
 * conflict (409).
 */
export async function createInvoiceDraft(
  deps: Deps,
  user: AuthUser,
  input: InvoiceCreateInput,
  replyKey: ReplyKey | null,
): Promise<Invoice> {
  const scope = agencyScope(user);
  let bookingId = input.booking;
  let lines: InvoiceLineValues[] | undefined;
  let notes: string | null = null;
  if (input.replaces !== null) {
    const replaced = await findInvoice(deps.db, input.replaces, scope);
    if (!replaced) throw fieldRefusal(NotFound, 'replaces', INVOICE_NOT_FOUND);
    if (replaced.status !== 'void') throw fieldRefusal(Conflict, 'replaces', ONLY_VOID_REPLACED);
    if (bookingId !== null && bookingId !== replaced.booking) {
      throw fieldRefusal(Invalid, 'booking', 'A replacement is for the same booking as the invoice it replaces.');
    }
    bookingId = replaced.booking;
    lines = await invoiceLineValues(deps.db, replaced.id);
    notes = replaced.notes;
  }
  const booking = bookingId === null ? undefined : await findInvoiceableBooking(deps.db, bookingId, scope);
  if (!booking) throw fieldRefusal(NotFound, 'booking', BOOKING_NOT_FOUND);

  const created = await deps.db.transaction().execute(async (trx) => {
    await lockRow(trx, deps.dialect, 'bookings', booking.id);
    const live = await liveInvoiceOf(trx, booking.id);
    if (live) {
      throw fieldRefusal(
        Conflict,
        'booking',
        `This booking already has ${invoiceName(live)}. Void it to invoice the booking again.`,
      );
    }
    if (input.replaces !== null) {
      const replacementId = await replacementOf(trx, input.replaces);
      if (replacementId !== undefined) {
        throw fieldRefusal(Conflict, 'replaces', `This invoice has already been replaced (invoice #${replacementId}).`);
      }
    }
    let draftLines = lines;
    if (!draftLines) {
      // A booking made with a quote is invoiced by its stored lines; one made before quotes by days × rate.
      const quoted = await bookingQuoteLines(trx, booking.id);
      if (quoted.length > 0) {
        const fromQuote = linesFromQuote(booking, quoted);
        draftLines = fromQuote.lines;
        if (fromQuote.taxIncluded) notes = TAX_INCLUDED_NOTE;
      } else {
        draftLines = linesFromBooking(booking);
      }
    }
    const id = await insertDraft(
      trx,
      {
        agency_id: booking.agency_id,
        booking_id: booking.id,
        tax_rate: booking.tax_rate,
        notes,
        replaces_invoice_id: input.replaces,
        created_by: user.id,
        now: deps.now().toISOString(),
      },
      draftLines,
    );
    const invoice = await findInvoice(trx, id, scope);
    if (invoice) await storeReplyWithWrite(trx, replyKey, 201, invoice);
    return invoice;
  });
  if (!created) throw new NotFound(INVOICE_NOT_FOUND);
  return created;
}
