import type { ReturnCharges } from '#domain/api/return-charges';
import type { AuthUser, Deps } from '../../context.ts';
import { staffScope } from '../agency-scope.ts';
import { readableBooking } from '../booking-access.ts';
import { returnChargesView, returnFactsOf } from './return-proposal.ts';

/**
 * The return's charges as the caller may see them: staff (of the booking's agency, or the
 * operator) all of it; the booking's customer the charges only once the invoice is final — the
 * confirmed ones with their working and their disputes, without staff's reasons or names (as
 * decision 048 keeps override notes from customers) — and the settlement. Anyone else: not found (404).
 */
export async function visibleReturnCharges(deps: Deps, user: AuthUser, bookingId: number): Promise<ReturnCharges> {
  const currency = deps.config.currency;
  const scope = staffScope(user);
  if (scope !== undefined) return returnChargesView(deps.db, await returnFactsOf(deps.db, bookingId, scope), currency);
  const booking = await readableBooking(deps, user, bookingId);
  return customersView(await returnChargesView(deps.db, await returnFactsOf(deps.db, booking.id, null), currency));
}

/** What the booking's customer sees of the return's charges (see visibleReturnCharges). */
export function customersView(view: ReturnCharges): ReturnCharges {
  const final = view.settlement !== null;
  return {
    ...view,
    proposed: [],
    decided: final
      ? view.decided
          .filter((charge) => charge.status === 'confirmed')
          .map((charge) => ({
            ...charge,
            reason: null,
            decided_by: null,
            proposed_amount: null,
            disputes: charge.disputes.map((dispute) => ({ ...dispute, answered_by: null })),
          }))
      : [],
    confirmed_total: final ? view.confirmed_total : '0.00',
  };
}
