import type { AgencyProfile } from '#domain/api/agencies';
import { agencyIdParams, agencyUpdateSchema } from '#domain/schemas/agency';
import { defineRoute } from '../../http/route.ts';
import { LOGO_UPLOAD, saveAgencyProfile } from './agency-profile.ts';

/** PATCH suppliers/:id/ (JSON or multipart): the operator edits any agency's details and `logo`. */
export const updateSupplierRoute = defineRoute({
  method: 'PATCH',
  url: 'suppliers/:id/',
  access: ['staff'],
  params: agencyIdParams,
  body: agencyUpdateSchema,
  files: { logo: LOGO_UPLOAD },
  async handler({ deps, params, body, files, request }): Promise<AgencyProfile> {
    return saveAgencyProfile(deps, request.log, params.id, body, files.logo?.[0]);
  },
});
