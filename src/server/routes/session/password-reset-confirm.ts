import type { MessageReply } from '#domain/api/session';
import { passwordResetConfirmSchema } from '#domain/schemas/accounts';
import { badRequest } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { findUsableResetToken, resetPasswordWithToken } from '../../repositories/password-resets.ts';
import { hashPassword } from '../../services/passwords.ts';
import { hashToken } from '../../services/tokens.ts';

const INVALID_TOKEN = 'Invalid or expired reset token.';

/** Sets a new password with a reset link's token; signs the user out everywhere. */
export const passwordResetConfirm = defineRoute({
  method: 'POST',
  url: 'password_reset/confirm/',
  access: 'public',
  body: passwordResetConfirmSchema,
  status: 200,
  async handler({ deps, body }): Promise<MessageReply> {
    const tokenHash = hashToken(body.token);
    const found = await findUsableResetToken(deps.db, tokenHash, deps.now().toISOString());
    if (!found) throw badRequest(INVALID_TOKEN);
    const passwordHash = await hashPassword(body.password);
    // The token is checked again inside the transaction: of two racing confirms only one wins.
    const done = await resetPasswordWithToken(deps.db, found.id, found.user_id, passwordHash, deps.now().toISOString());
    if (!done) throw badRequest(INVALID_TOKEN);
    return { message: 'Your password has been reset successfully.' };
  },
});
