import { todayIso } from '#domain/dates';
import { type PriceLineKind, priceRental } from '#domain/pricing';
import type { Invoice, InvoiceStatus } from '#domain/api/invoices';
import type { Deps } from '../../context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { findInvoice, type InvoiceableBooking, type InvoiceLineValues } from '../../repositories/invoices.ts';
import { britishDate } from '../bookings/common.ts';

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
  const price = priceRental({
    startDate: booking.start_date,
    endDate: booking.end_date,
    pricePerDay: booking.price_per_day,
    discount: booking.discount_amount,
  });
  if (!price) throw new Error(`booking ${booking.start_date}–${booking.end_date} has its dates out of order`);
  const vehicle = `${booking.make} ${booking.model} (${booking.registration_number})`;
  const period = `${britishDate(booking.start_date)} – ${britishDate(booking.end_date)}`;
  const describe = (kind: PriceLineKind) =>
    kind === 'rental'
      ? `Rental of ${vehicle}, ${period}, ${price.days} ${price.days === 1 ? 'day' : 'days'}`
      : booking.discount_description?.trim() || 'Discount';
  const lines: InvoiceLineValues[] = price.lines.map((line) => ({
    description: describe(line.kind),
    quantity: line.quantity,
    unit_amount: line.unitAmount,
  }));
  const priced = price.lines.reduce((sum, line) => sum + line.amount, 0);
  const difference = booking.booking_amount - priced;
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
