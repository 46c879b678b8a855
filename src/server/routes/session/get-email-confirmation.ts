import type { EmailConfirmationStatus } from '#domain/api/email-confirmation';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { countWaitingRequests, findEmailState } from '../../repositories/email-confirmations.ts';

/** GET email-confirmation/: whether the customer's address is confirmed and how many requests wait for it. */
export const getEmailConfirmation = defineRoute({
  method: 'GET',
  url: 'email-confirmation/',
  access: ['customer'],
  async handler({ deps, user }): Promise<EmailConfirmationStatus> {
    const state = await findEmailState(deps.db, user.id);
    if (!state) throw notFound();
    const waiting = state.confirmed ? 0 : await countWaitingRequests(deps.db, state.email);
    return { email: state.email, confirmed: state.confirmed, waiting_requests: waiting };
  },
});
