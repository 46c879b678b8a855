import type { TermsVersion } from '#domain/api/agreements';
import { agencyTermsSchema } from '#domain/schemas/agreement';
import { defineRoute } from '../../http/route.ts';
import { saveAgencyTerms } from '../../services/agreements/terms.ts';

/** POST agency-terms/: the agency's owner saves its rental terms as the next version (201). */
export const saveAgencyTermsRoute = defineRoute({
  method: 'POST',
  url: 'agency-terms/',
  access: ['agency'],
  body: agencyTermsSchema,
  async handler({ deps, user, body }): Promise<TermsVersion> {
    return saveAgencyTerms(deps, user, body);
  },
});
