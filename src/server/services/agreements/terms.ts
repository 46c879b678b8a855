import type { AgencyTerms, TermsVersion } from '#domain/api/agreements';
import type { AgencyTermsInput } from '#domain/schemas/agreement';
import type { AuthUser, Deps } from '../../context.ts';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import { currentTerms, insertNextTerms, listTermsVersions } from '../../repositories/agency-terms.ts';
import type { Page, Paged } from '../../repositories/paging.ts';
import { agencyScope } from '../agency-scope.ts';
import { Conflict, Refused } from '../errors.ts';

const NO_AGENCY = 'Rental terms belong to an agency: only its own users manage them.';
export const TERMS_SAVED_MEANWHILE =
  'Someone else saved the terms at the same moment; reload to see their version, then save yours again.';

/** The agency whose terms an agency or agent user works with: their own (the operator has none). */
export function termsAgency(user: AuthUser): number {
  const scope = agencyScope(user);
  if (scope === null) throw new Refused(NO_AGENCY);
  return scope;
}

export async function agencyTerms(deps: Deps, agencyId: number): Promise<AgencyTerms> {
  return { current: (await currentTerms(deps.db, agencyId)) ?? null };
}

export function termsVersions(deps: Deps, agencyId: number, page: Page): Promise<Paged<TermsVersion>> {
  return listTermsVersions(deps.db, agencyId, page);
}

/**
 * Saves the agency's terms as the next version (old versions are kept and never edited, so an
 * agreement's version always reads as it was signed). Two saves at once: one wins, the other 409.
 */
export async function saveAgencyTerms(deps: Deps, user: AuthUser, input: AgencyTermsInput): Promise<TermsVersion> {
  const agencyId = termsAgency(user);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      await insertNextTerms(trx, { agencyId, text: input.text, createdBy: user.id, now: deps.now().toISOString() });
      const saved = await currentTerms(trx, agencyId);
      if (!saved) throw new Error('The terms just saved were not read back.');
      return saved;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(TERMS_SAVED_MEANWHILE);
    throw error;
  }
}
