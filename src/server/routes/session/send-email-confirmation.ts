import type { EmailConfirmationSent } from '#domain/api/email-confirmation';
import { conflict, tooManyRequests } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { sendConfirmationLink } from './email-confirmation.ts';

const REFUSED = {
  'not-customer': 'Only a customer account can confirm its e-mail address here.',
  confirmed: 'Your e-mail address is already confirmed.',
  'nothing-waiting': 'No booking requests are waiting for your e-mail address.',
} as const;

/** POST email-confirmation/: the dashboard's "Send the link again"; three links an hour at most. */
export const sendEmailConfirmation = defineRoute({
  method: 'POST',
  url: 'email-confirmation/',
  access: ['customer'],
  status: 200,
  async handler({ deps, user, request }): Promise<EmailConfirmationSent> {
    const outcome = await sendConfirmationLink(deps, user.id, request.log);
    if (outcome.sent) return { message: `A new link has been sent to ${outcome.email}.`, email: outcome.email };
    if (outcome.reason === 'too-many') {
      throw tooManyRequests(
        'You have been sent three links in the last hour. Open the newest one, or try again later.',
        outcome.retryAfterSeconds,
      );
    }
    throw conflict(REFUSED[outcome.reason]);
  },
});
