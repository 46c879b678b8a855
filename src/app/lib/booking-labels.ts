import type { BookingStatus, PaymentMethod } from '#domain/constants';
import type { ShownRequestStatus } from '#domain/request-hold';

export type BadgeTone = 'success' | 'warning' | 'info' | 'danger' | 'neutral';

/** Pending waits (yellow), accepted is good news (green), declined is not (red), expired is over (grey). */
export function requestStatusTone(status: ShownRequestStatus): BadgeTone {
  if (status === 'accepted') return 'success';
  if (status === 'pending') return 'warning';
  if (status === 'expired') return 'neutral';
  return 'danger';
}

/** SPEC §4: completed green, upcoming (pending, confirmed) yellow, active blue, anything else red. */
export function bookingStatusTone(status: BookingStatus): BadgeTone {
  switch (status) {
    case 'completed':
      return 'success';
    case 'pending':
    case 'confirmed':
      return 'warning';
    case 'active':
      return 'info';
    default:
      return 'danger';
  }
}

const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export function bookingStatusLabel(status: BookingStatus): string {
  return BOOKING_STATUS_LABELS[status];
}

const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  'mobile transfer': 'Mobile transfer',
  debit_card: 'Debit card',
};

export function paymentMethodLabel(method: PaymentMethod): string {
  return PAYMENT_LABELS[method];
}
