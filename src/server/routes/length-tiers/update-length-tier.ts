import type { LengthTierView } from '#domain/api/rate-plan';
import { lengthTierIdParams, lengthTierSchema } from '#domain/schemas/length-tier';
import { defineRoute } from '../../http/route.ts';
import { changeLengthTier } from '../../services/price-list/length-tiers.ts';

/** PUT length-tiers/{id}/ (agency owner): the whole tier again; another agency's is not found. */
export const updateLengthTierRoute = defineRoute({
  method: 'PUT',
  url: 'length-tiers/:id/',
  access: ['agency'],
  params: lengthTierIdParams,
  body: lengthTierSchema,
  async handler({ deps, user, params, body }): Promise<LengthTierView> {
    return changeLengthTier(deps, user, params.id, body);
  },
});
