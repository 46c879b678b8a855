import type { MessageReply } from '#domain/api/session';
import { passwordResetRequestSchema } from '#domain/schemas/accounts';
import { defineRoute } from '../../http/route.ts';
import { countResetTokensSince, insertResetToken } from '../../repositories/password-resets.ts';
import { findUserIdByEmail } from '../../repositories/users.ts';
import { limitAnonymousWrite } from '../../services/rate-limits.ts';
import { newOpaqueToken } from '../../services/tokens.ts';

export const RESET_TTL_MS = 60 * 60 * 1000;
/** Links per address per hour: enough for a lost mail or two, too few to flood an inbox. */
export const RESET_MAILS_PER_HOUR = 3;
const REPLY = { message: 'A password reset link has been sent to your email.' };

/** Sends a single-use reset link; the reply is the same whether or not the address has an account. */
export const passwordReset = defineRoute({
  method: 'POST',
  url: 'password_reset/',
  access: 'public',
  body: passwordResetRequestSchema,
  status: 200,
  async handler({ deps, request, body }): Promise<MessageReply> {
    await limitAnonymousWrite(deps, 'password-resets', { address: request.ip, email: body.email });
    const userId = await findUserIdByEmail(deps.db, body.email);
    if (userId === undefined) return REPLY;
    const now = deps.now();
    const recent = await countResetTokensSince(deps.db, userId, new Date(now.getTime() - RESET_TTL_MS).toISOString());
    if (recent >= RESET_MAILS_PER_HOUR) return REPLY;

    const { token, hash } = newOpaqueToken();
    await insertResetToken(
      deps.db,
      { userId, tokenHash: hash, expiresAt: new Date(now.getTime() + RESET_TTL_MS).toISOString() },
      now.toISOString(),
    );
    const link = `${deps.config.publicUrl}/password-reset/${token}`;
    // Not awaited: a slow or failing mail server must not show in the reply or its timing.
    deps.mailer
      .send({
        to: body.email,
        subject: 'Reset your Fleet Rental password',
        text: [
          'Someone asked to reset the password of your Fleet Rental account.',
          '',
          'To choose a new password, open this link within one hour:',
          link,
          '',
          'If it was not you, ignore this message: your password stays as it is.',
        ].join('\n'),
      })
      .catch((error: unknown) => request.log.error({ err: error, userId }, 'password reset mail failed'));
    return REPLY;
  },
});
