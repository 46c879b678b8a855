/** The shapes GET/POST/PATCH payments/ and GET bookings/:id/payments/ send. Money is a decimal string ("45.00"). */
import type { PaymentMethod } from '../constants.ts';
import type { PaymentKind, PaymentStatus } from '../payment-kinds.ts';

export interface Payment {
  id: number;
  booking: number;
  agency_id: number;
  kind: PaymentKind;
  status: PaymentStatus;
  amount: string;
  method: PaymentMethod;
  /** The day the money moved (YYYY-MM-DD); for a deposit still due, the day it fell due. */
  paid_on: string;
  reference: string | null;
  recorded_by: number | null;
  booking_details: {
    id: number;
    customer_name: string;
    vehicle: string;
    registration_number: string;
  };
  created_at: string;
  updated_at: string;
}

/**
 * Totals of every payment a list's filters match (not only the page shown), sent as headers of
 * GET payments/: X-Total-Received (payments and deposits received), X-Total-Refunded,
 * X-Total-Deposits (deposits received) and X-Total-Due (deposits still due).
 */
export interface PaymentTotals {
  received: string;
  refunded: string;
  deposits: string;
  due: string;
}

export const PAYMENT_TOTAL_HEADERS = {
  received: 'X-Total-Received',
  refunded: 'X-Total-Refunded',
  deposits: 'X-Total-Deposits',
  due: 'X-Total-Due',
} as const satisfies Record<keyof PaymentTotals, string>;

/**
 * A booking's money (GET bookings/:id/payments/). A refund gives the deposit back first, then
 * payments: `deposit_held` is deposits received less refunds, `paid` payments received less
 * what refunds took beyond the deposit, `due` the booking amount less `paid` (never below 0).
 */
export interface BookingMoney {
  booking: number;
  booking_amount: string;
  booking_deposit: string;
  paid: string;
  due: string;
  deposit_held: string;
  /** Deposits recorded but not yet taken (the confirmation wizard's, until staff mark them received). */
  deposit_due: string;
  refunded: string;
  payments: Payment[];
}
