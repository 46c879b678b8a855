import type { SessionUser } from '#domain/api/session';
import { ownProfileUpdateSchema } from '#domain/schemas/accounts';
import { fieldError, unauthorized } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import {
  DuplicateUserError,
  findUserProfile,
  isEmailTakenByOther,
  updateUserAccount,
} from '../../repositories/users.ts';
import { EMAIL_TAKEN } from '../customers/update-own-customer.ts';

/**
 * PATCH auth/me/: a staff-side user (operator, agency, agent) changes their own names, e-mail or
 * phone in Settings, and gets their profile back as auth/me/ shows it. Customers change theirs
 * through customers/me/, which keeps their customer record in step.
 */
export const updateMe = defineRoute({
  method: 'PATCH',
  url: 'auth/me/',
  access: ['staff', 'agency', 'agent'],
  body: ownProfileUpdateSchema,
  async handler({ deps, user, body }): Promise<SessionUser> {
    if (body.email !== undefined && (await isEmailTakenByOther(deps.db, body.email, user.id))) {
      throw fieldError(400, 'email', EMAIL_TAKEN);
    }
    try {
      await updateUserAccount(deps.db, user.id, body);
    } catch (error) {
      // Another user took the address between the check and the write.
      if (error instanceof DuplicateUserError) throw fieldError(400, 'email', EMAIL_TAKEN);
      throw error;
    }
    const profile = await findUserProfile(deps.db, user.id);
    if (!profile) throw unauthorized();
    return profile;
  },
});
