/**
 * Disputes of return charges (issue 22): the customer's message and staff's answer, one schema
 * each for the form and the server.
 */
import * as v from 'valibot';
import { id, requiredText } from './fields.ts';

export const DISPUTE_MESSAGE_MAX = 1000;
export const DISPUTE_ANSWER_MAX = 2000;
export const DISPUTE_STATUSES = ['open', 'answered'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** POST bookings/{id}/return-charges/{charge}/disputes/: what the customer questions about the charge. */
export const disputeMessageSchema = v.object({
  message: requiredText('Message', DISPUTE_MESSAGE_MAX),
});
export type DisputeMessageInput = v.InferOutput<typeof disputeMessageSchema>;

/** POST return-charge-disputes/{dispute}/answer/: staff's answer, kept and e-mailed to the customer. */
export const disputeAnswerSchema = v.object({
  answer: requiredText('Answer', DISPUTE_ANSWER_MAX),
});
export type DisputeAnswerInput = v.InferOutput<typeof disputeAnswerSchema>;

export const disputeParams = v.object({ dispute: id('Dispute') });
