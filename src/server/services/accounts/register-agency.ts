import type { AgencySummary } from '#domain/api/agencies';
import type { Deps } from '../../context.ts';
import { insertPendingAgency } from '../../repositories/agencies.ts';
import { insertUser } from '../../repositories/users.ts';
import { signUp, type SignUpFields } from './sign-up.ts';

/**
 * A partner's sign-up: a pending agency and the `agency` user who owns it, together or not at
 * all. The operator approves the agency later; until then its vehicles stay out of public lists.
 * A taken username or e-mail is Invalid.
 */
export async function registerAgency(
  deps: Deps,
  fields: SignUpFields & { agency_name: string },
): Promise<AgencySummary> {
  return signUp(deps, fields, (owner) => {
    const now = deps.now().toISOString();
    return deps.db.transaction().execute(async (trx) => {
      const agency = await insertPendingAgency(trx, { name: fields.agency_name }, owner, now);
      await insertUser(trx, owner, 'agency', agency.id, now);
      return agency;
    });
  });
}
