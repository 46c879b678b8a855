import type { EmailConfirmed } from '#domain/api/email-confirmation';
import { emailConfirmationSchema } from '#domain/schemas/accounts';
import { defineRoute } from '../../http/route.ts';
import { confirmEmailAddress } from '../../services/accounts/confirm-email.ts';

/**
 * POST email-confirmation/confirm/: the e-mailed link's token confirms the address it was sent to
 * and attaches every visitor's request from that address to the customer, in one transaction.
 * Open to anyone: the link may be opened on a device where nobody is signed in.
 */
export const confirmEmail = defineRoute({
  method: 'POST',
  url: 'email-confirmation/confirm/',
  access: 'public',
  body: emailConfirmationSchema,
  status: 200,
  async handler({ deps, body }): Promise<EmailConfirmed> {
    const attached = await confirmEmailAddress(deps, body.token);
    const added =
      attached === 0
        ? 'No booking requests were waiting for it.'
        : `${attached} booking ${attached === 1 ? 'request was' : 'requests were'} added to your account.`;
    return { message: `Your e-mail address is confirmed. ${added}`, attached_requests: attached };
  },
});
