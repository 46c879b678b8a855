import { rentalDays, todayIso } from '#domain/dates';
import type { Invoice, InvoiceStatus } from '#domain/api/invoices';
import type { Deps } from '../../context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { findInvoice, type InvoiceableBooking, type InvoiceLineValues } from '../../repositories/invoices.ts';
import { britishDate } from '../../services/booking-refusals.ts';

export const INVOICE_NOT_FOUND = 'Invoice not found.';

export const invoiceNotFound = () => notFound(INVOICE_NOT_FOUND);

/** An invoice of the caller's scope (any for staff); another agency's is a 404 like a missing one. */
export async function reachableInvoice(deps: Deps, id: number, scope: number | null): Promise<Invoice> {
  const invoice = await findInvoice(deps.db, id, scope);
  if (!invoice) throw invoiceNotFound();
  return invoice;
}

/** How an invoice is named in messages: its number once issued. */
export function invoiceName(invoice: { id: number; number: number | null; status: InvoiceStatus }): string {
  return invoice.number === null ? `a draft invoice (#${invoice.id})` : `invoice ${invoice.number}`;
}

/** The 409 for a status change the invoice's status does not allow. */
export function wrongStatus(invoice: Invoice, wanted: 'issue' | 'pay' | 'void'): never {
  const messages: Record<typeof wanted, Partial<Record<InvoiceStatus, string>>> = {
    issue: { issued: 'This invoice is already issued.', paid: 'This invoice is already paid.' },
    pay: { draft: 'Issue the invoice before marking it paid.', paid: 'This invoice is already paid.' },
    void: { void: 'This invoice is already void.' },
  };
  throw conflict(messages[wanted][invoice.status] ?? 'This invoice is void.');
}

/**
 * A draft's lines from its booking: the rental days at the vehicle's daily rate, the booking's
 * discount as a negative line, and, when staff recorded a booking amount other than that
 * (days × rate − discount), an adjustment line for the difference, so the subtotal is always
 * the amount agreed on the booking.
 */
export function linesFromBooking(booking: InvoiceableBooking): InvoiceLineValues[] {
  const days = rentalDays(booking.start_date, booking.end_date);
  const vehicle = `${booking.make} ${booking.model} (${booking.registration_number})`;
  const period = `${britishDate(booking.start_date)} – ${britishDate(booking.end_date)}`;
  const lines: InvoiceLineValues[] = [
    {
      description: `Rental of ${vehicle}, ${period}, ${days} ${days === 1 ? 'day' : 'days'}`,
      quantity: days,
      unit_amount: booking.price_per_day,
    },
  ];
  if (booking.discount_amount > 0) {
    lines.push({
      description: booking.discount_description?.trim() || 'Discount',
      quantity: 1,
      unit_amount: -booking.discount_amount,
    });
  }
  const difference = booking.booking_amount - (days * booking.price_per_day - booking.discount_amount);
  if (difference !== 0) {
    lines.push({ description: 'Adjustment to the agreed booking amount', quantity: 1, unit_amount: difference });
  }
  return lines;
}

/**
 * The status calls (issue, paid, void): a 404 outside the caller's scope, the change, then the
 * invoice as it now is, or a 409 saying why its status did not allow the change.
 */
export async function changeStatus(
  deps: Deps,
  id: number,
  scope: number | null,
  wanted: 'issue' | 'pay' | 'void',
  change: (today: string, now: string) => Promise<boolean>,
): Promise<Invoice> {
  await reachableInvoice(deps, id, scope);
  const now = deps.now();
  const changed = await change(todayIso(now), now.toISOString());
  const invoice = await reachableInvoice(deps, id, scope);
  if (!changed) wrongStatus(invoice, wanted);
  return invoice;
}
