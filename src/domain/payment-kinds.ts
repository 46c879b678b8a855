/**
 * The payments ledger's enumerations (decision 030). Apart from domain/constants, which the
 * landing chunk carries, so that `/`'s initial JS does not grow with the finance screens.
 */

/** Money recorded against a booking: a payment of its price, a deposit held, or money given back. */
export const PAYMENT_KINDS = ['payment', 'deposit', 'refund'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
/** A deposit the confirmation wizard records is due until staff take it at the desk. */
export const PAYMENT_STATUSES = ['due', 'received'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
