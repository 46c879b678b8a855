import { moneyText } from '#domain/money';
import type { Deps } from '../../context.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { findPayableBooking, RefundTooLargeError } from '../../repositories/payments.ts';

export const PAYMENT_NOT_FOUND = 'Payment not found.';
export const BOOKING_NOT_FOUND = 'Booking not found.';

export const paymentNotFound = () => notFound(PAYMENT_NOT_FOUND);

/** A booking of the caller's agency (any for staff); another agency's is a 404 like a missing one. */
export async function payableBooking(deps: Deps, bookingId: number, scope: number | null) {
  const booking = await findPayableBooking(deps.db, bookingId, scope);
  if (!booking) throw notFound(BOOKING_NOT_FOUND);
  return booking;
}

/** A refund beyond what was received is a 409 on `amount` saying how much can be refunded. */
export function refundConflict(error: unknown, currency: string): unknown {
  if (!(error instanceof RefundTooLargeError)) return error;
  const message =
    error.available > 0
      ? `A refund cannot be more than this booking has received (${moneyText(error.available, currency)}).`
      : 'This booking has received nothing to refund.';
  return fieldError(409, 'amount', message);
}
