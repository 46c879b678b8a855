import type { MessageReply } from '#domain/api/session';
import { passwordResetConfirmSchema } from '#domain/schemas/accounts';
import { defineRoute } from '../../http/route.ts';
import { resetPassword } from '../../services/accounts/reset-password.ts';

/** Sets a new password with a reset link's token; signs the user out everywhere. */
export const passwordResetConfirm = defineRoute({
  method: 'POST',
  url: 'password_reset/confirm/',
  access: 'public',
  body: passwordResetConfirmSchema,
  status: 200,
  async handler({ deps, body }): Promise<MessageReply> {
    await resetPassword(deps, body.token, body.password);
    return { message: 'Your password has been reset successfully.' };
  },
});
