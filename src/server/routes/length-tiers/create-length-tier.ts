import type { LengthTierView } from '#domain/api/rate-plan';
import { lengthTierSchema } from '#domain/schemas/length-tier';
import { defineRoute } from '../../http/route.ts';
import { createLengthTier } from '../../services/price-list/length-tiers.ts';

/** POST length-tiers/ (agency owner): from `min_days` on, a day rate or a reduction; a second tier from the same days is a 409. */
export const createLengthTierRoute = defineRoute({
  method: 'POST',
  url: 'length-tiers/',
  access: ['agency'],
  body: lengthTierSchema,
  async handler({ deps, user, body, request }): Promise<LengthTierView> {
    return createLengthTier(deps, user, body, request.idempotencyClaim);
  },
});
