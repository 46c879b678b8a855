import type { Deps } from '../../context.ts';
import { findCustomerByUserId } from '../../repositories/customers.ts';
import {
  attachWaitingRequests,
  findOpenConfirmationToken,
  markEmailConfirmed,
  spendConfirmationToken,
  spendOpenConfirmationTokens,
} from '../../repositories/email-confirmations.ts';
import { Invalid } from '../errors.ts';
import { hashToken } from '../tokens.ts';

export const INVALID_CONFIRMATION =
  'This confirmation link has expired or was already used. Sign in and send yourself a new one from your dashboard.';

/**
 * Spends a confirmation link, in one transaction: the link (and every other open link of the
 * user) marked used, the address marked confirmed, and each visitor's request from that address
 * that belongs to no account attached to the user's customer record. Returns how many requests
 * were attached. An unknown, used or expired link, or one sent to an address the user no longer
 * has, is Invalid and writes nothing.
 */
export async function confirmEmailAddress(deps: Deps, token: string): Promise<number> {
  const now = deps.now().toISOString();
  const attached = await deps.db.transaction().execute(async (trx): Promise<number | null> => {
    const link = await findOpenConfirmationToken(trx, hashToken(token), now);
    if (!link || link.email.toLowerCase() !== link.current_email.toLowerCase()) return null;
    // Checked again by the update itself: of two racing confirms only one spends the link.
    if (!(await spendConfirmationToken(trx, link.id, now))) return null;
    await spendOpenConfirmationTokens(trx, link.user_id, now);
    await markEmailConfirmed(trx, link.user_id, link.email);
    const customer = await findCustomerByUserId(trx, link.user_id);
    return customer ? attachWaitingRequests(trx, link.email, customer.id) : 0;
  });
  if (attached === null) throw new Invalid(INVALID_CONFIRMATION);
  return attached;
}
