import * as v from 'valibot';
import { PAYMENT_METHODS } from '../constants.ts';
import { PAYMENT_KINDS, PAYMENT_STATUSES } from '../payment-kinds.ts';
import { choice, id, isoDate, money, optionalIsoDate, optionalText } from './fields.ts';

export const KIND_MESSAGE = 'Kind must be payment, deposit or refund.';
export const METHOD_MESSAGE = 'Method must be cash, mobile transfer or debit_card.';
const STATUS_MESSAGE = 'Status must be due or received.';

const method = choice(PAYMENT_METHODS, METHOD_MESSAGE);
const paidOn = isoDate('Date');
const reference = optionalText('Reference', 100);

/** Money taken or given back at the desk (POST payments/); it is received when recorded. */
export const paymentSchema = v.object({
  booking: id('Booking'),
  kind: choice(PAYMENT_KINDS, KIND_MESSAGE),
  amount: v.pipe(
    money('Amount'),
    v.check((amount) => amount > 0, 'Amount must be more than 0.'),
  ),
  method,
  paid_on: paidOn,
  reference,
});
export type PaymentInput = v.InferOutput<typeof paymentSchema>;

/**
 * PATCH payments/:id/: a due deposit marked received (with how and when it was paid), or a
 * reference corrected. Only what is sent changes.
 */
export const paymentUpdateSchema = v.object({
  status: v.optional(v.picklist(['received'], 'Status can only be set to received.')),
  method: v.optional(method),
  paid_on: v.optional(paidOn),
  reference: v.optional(reference),
});
export type PaymentUpdateInput = v.InferOutput<typeof paymentUpdateSchema>;

export const paymentIdParams = v.object({ id: id('Payment') });

/** GET payments/: one booking's, of a kind, method or status, paid on a day in [from, to]. */
export const paymentFilterFields = {
  booking: v.optional(id('Booking')),
  kind: v.optional(v.picklist(PAYMENT_KINDS, KIND_MESSAGE)),
  method: v.optional(v.picklist(PAYMENT_METHODS, METHOD_MESSAGE)),
  status: v.optional(v.picklist(PAYMENT_STATUSES, STATUS_MESSAGE)),
  from: optionalIsoDate('From'),
  to: optionalIsoDate('To'),
};
