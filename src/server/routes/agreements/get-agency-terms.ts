import type { AgencyTerms } from '#domain/api/agreements';
import { defineRoute } from '../../http/route.ts';
import { agencyTerms, termsAgency } from '../../services/agreements/terms.ts';

/**
 * GET agency-terms/: the caller's agency's current rental terms and their version (null before the
 * first save). Its owner and agents read them; the operator has no agency of their own (403).
 */
export const getAgencyTermsRoute = defineRoute({
  method: 'GET',
  url: 'agency-terms/',
  access: ['agency', 'agent'],
  async handler({ deps, user, reply }): Promise<AgencyTerms> {
    reply.header('Cache-Control', 'private, no-store');
    return agencyTerms(deps, termsAgency(user));
  },
});
