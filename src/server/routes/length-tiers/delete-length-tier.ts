import { lengthTierIdParams } from '#domain/schemas/length-tier';
import { defineRoute } from '../../http/route.ts';
import { removeLengthTier } from '../../services/price-list/length-tiers.ts';

/** DELETE length-tiers/{id}/ (agency owner): removes the tier from the plan; quotes already given keep their lines. */
export const deleteLengthTierRoute = defineRoute({
  method: 'DELETE',
  url: 'length-tiers/:id/',
  access: ['agency'],
  params: lengthTierIdParams,
  async handler({ deps, user, params }): Promise<undefined> {
    await removeLengthTier(deps, user, params.id);
    return undefined;
  },
});
