import type { AgencyProfile } from '#domain/api/agencies';
import { agencyIdParams, agencyStatusSchema } from '#domain/schemas/agency';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { setAgencyStatus } from '../../services/agencies/agency-status.ts';
import { AGENCY_NOT_FOUND, agencyProfile } from './agency-profile.ts';

/**
 * POST suppliers/:id/status/ `{ status }`: the operator approves a pending agency or reinstates a
 * suspended one ("approved": its vehicles are public at once) or suspends one ("suspended": its
 * vehicles leave the public list at once, its users keep read-only access).
 */
export const setSupplierStatusRoute = defineRoute({
  method: 'POST',
  url: 'suppliers/:id/status/',
  access: ['staff'],
  params: agencyIdParams,
  body: agencyStatusSchema,
  status: 200,
  async handler({ deps, params, body }): Promise<AgencyProfile> {
    if (!(await setAgencyStatus(deps, params.id, body.status))) throw notFound(AGENCY_NOT_FOUND);
    return agencyProfile(deps, params.id);
  },
});
