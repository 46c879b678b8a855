import type { RatePlanView } from '#domain/api/rate-plan';
import { defineRoute } from '../../http/route.ts';
import { planAgency, ratePlanOf } from '../../services/rate-plan.ts';

/**
 * GET rate-plan/: the caller's agency's whole rate plan (Settings → Rates & extras, the quote made
 * on the device). Its owner and agents read it; the operator has no agency of their own (403).
 */
export const getRatePlanRoute = defineRoute({
  method: 'GET',
  url: 'rate-plan/',
  access: ['agency', 'agent'],
  async handler({ deps, user }): Promise<RatePlanView> {
    return ratePlanOf(deps, planAgency(user));
  },
});
