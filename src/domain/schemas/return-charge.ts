/**
 * Deciding a return's charges (issue 22): the staff screen and the server share these.
 */
import * as v from 'valibot';
import { ADDED_CHARGE_KINDS } from '../return-charges.ts';
import { id, optionalMoney, optionalText } from './fields.ts';

export const REASON_MAX = 300;
export const DECISIONS = ['confirm', 'waive', 'dismiss'] as const;
export type ReturnChargeDecision = (typeof DECISIONS)[number];

const CODE_INVALID = 'Name a proposed charge, or cleaning or other to add one.';
const CODE = /^(mileage|fuel|late|damage:\d{1,2}|cleaning|other)$/;

/**
 * POST bookings/{id}/return-charges/: decide a proposed charge (by its code) or add cleaning or
 * other. Which fields each needs (a damage's cost, a waiver's reason, an added charge's note) is
 * the service's to say, against what the return proposes.
 */
export const returnChargeDecisionSchema = v.object({
  code: v.pipe(v.string(CODE_INVALID), v.trim(), v.regex(CODE, CODE_INVALID)),
  decision: v.picklist(DECISIONS, 'The decision is confirm, waive or dismiss.'),
  amount: optionalMoney('Amount'),
  reason: optionalText('Reason', REASON_MAX),
  note: optionalText('Note', REASON_MAX),
});
export type ReturnChargeDecisionInput = v.InferOutput<typeof returnChargeDecisionSchema>;

export const isAddedKind = (code: string): code is (typeof ADDED_CHARGE_KINDS)[number] =>
  (ADDED_CHARGE_KINDS as readonly string[]).includes(code);

/**
 * PATCH bookings/{id}/return-charges/{charge}/: charge another amount, or waive it; either way
 * with the reason, which is kept.
 */
export const returnChargeEditSchema = v.object({
  decision: v.picklist(['confirm', 'waive'] as const, 'The change is confirm (with an amount) or waive.'),
  amount: optionalMoney('Amount'),
  reason: optionalText('Reason', REASON_MAX),
});
export type ReturnChargeEditInput = v.InferOutput<typeof returnChargeEditSchema>;

export const returnChargeParams = v.object({ id: id('Booking'), charge: id('Charge') });
