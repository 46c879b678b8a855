import type { AgencyProfile } from '#domain/api/agencies';
import { agencyUpdateSchema } from '#domain/schemas/agency';
import { defineRoute } from '../../http/route.ts';
import { LOGO_UPLOAD, saveAgencyProfile } from './agency-profile.ts';
import { ownAgency } from './get-own-agency.ts';

/** PATCH agency/ (JSON or multipart): an agency user edits their own agency's details and `logo`. */
export const updateOwnAgencyRoute = defineRoute({
  method: 'PATCH',
  url: 'agency/',
  access: ['agency'],
  body: agencyUpdateSchema,
  files: { logo: LOGO_UPLOAD },
  async handler({ deps, user, body, files, request }): Promise<AgencyProfile> {
    return saveAgencyProfile(deps, request.log, ownAgency(user), body, files.logo?.[0]);
  },
});
