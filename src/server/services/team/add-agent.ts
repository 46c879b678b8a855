import type { Deps } from '../../context.ts';
import { insertUser } from '../../repositories/users.ts';
import { signUp, type SignUpFields } from '../accounts/sign-up.ts';

/**
 * An agent's login in the owner's agency, with the first password the owner hands over. A taken
 * username or e-mail is refused as at sign-up (Invalid). Returns the new user's id.
 */
export async function addAgent(deps: Deps, agencyId: number, fields: SignUpFields): Promise<number> {
  return signUp(deps, fields, (account) => insertUser(deps.db, account, 'agent', agencyId, deps.now().toISOString()));
}
