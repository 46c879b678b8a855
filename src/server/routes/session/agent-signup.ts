import { agentSignupSchema } from '#domain/schemas/accounts';
import { defineRoute } from '../../http/route.ts';
import { createPendingAgency } from '../../repositories/agencies.ts';
import { takenUserFields } from '../../repositories/users.ts';
import { hashPassword } from '../../services/passwords.ts';
import { duplicateUser, withDuplicateCheck } from './duplicate-user.ts';

/** A partner registers an agency: pending until the operator approves it; its owner can sign in. */
export const agentSignup = defineRoute({
  method: 'POST',
  url: 'agent-signup/',
  access: 'public',
  body: agentSignupSchema,
  async handler({ deps, body }) {
    const taken = await takenUserFields(deps.db, body);
    if (taken.length) throw duplicateUser(taken);
    const passwordHash = await hashPassword(body.password);
    const agency = await withDuplicateCheck(() =>
      createPendingAgency(
        deps.db,
        { name: body.agency_name },
        {
          username: body.username,
          email: body.email,
          passwordHash,
          first_name: body.first_name,
          last_name: body.last_name,
          phone_number: body.phone_number,
        },
        deps.now().toISOString(),
      ),
    );
    return { message: 'Thank you! Your agency registration is pending approval.', agency };
  },
});
