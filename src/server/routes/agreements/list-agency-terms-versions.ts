import type { TermsVersion } from '#domain/api/agreements';
import { defineRoute } from '../../http/route.ts';
import { termsAgency, termsVersions } from '../../services/agreements/terms.ts';
import { paged, pagingQuery } from '../params.ts';

/** GET agency-terms/versions/: every saved version of the agency's terms, newest first; total in X-Total-Count. */
export const listAgencyTermsVersionsRoute = defineRoute({
  method: 'GET',
  url: 'agency-terms/versions/',
  access: ['agency', 'agent'],
  query: pagingQuery(20, 100),
  async handler({ deps, user, query, reply }): Promise<TermsVersion[]> {
    reply.header('Cache-Control', 'private, no-store');
    return paged(reply, await termsVersions(deps, termsAgency(user), query));
  },
});
