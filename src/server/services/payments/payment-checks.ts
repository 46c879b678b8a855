import { moneyText } from '#domain/money';
import type { Deps } from '../../context.ts';
import { Conflict, fieldRefusal, NotFound } from '../errors.ts';
import { findPayableBooking, RefundTooLargeError } from '../../repositories/payments.ts';
import { BOOKING_NOT_FOUND } from '../booking-access.ts';

export const PAYMENT_NOT_FOUND = 'Payment not found.';

export const paymentNotFound = () => new NotFound(PAYMENT_NOT_FOUND);

/** A booking of the caller's agency (any for staff); another agency's is not found (404) like a missing one. */
export async function payableBooking(deps: Deps, bookingId: number, scope: number | null) {
  const booking = await findPayableBooking(deps.db, bookingId, scope);
  if (!booking) throw new NotFound(BOOKING_NOT_FOUND);
  return booking;
}

/** A refund beyond what was received is a conflict (409) on `amount` saying how much can be refunded. */
export function refundConflict(error: unknown, currency: string): unknown {
  if (!(error instanceof RefundTooLargeError)) return error;
  const message =
    error.available > 0
      ? `A refund cannot be more than this booking has received (${moneyText(error.available, currency)}).`
      : 'This booking has received nothing to refund.';
  return fieldRefusal(Conflict, 'amount', message);
}
