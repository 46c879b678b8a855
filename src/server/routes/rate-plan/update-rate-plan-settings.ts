import type { RatePlanView } from '#domain/api/rate-plan';
import { ratePlanSettingsSchema } from '#domain/schemas/rate-plan-settings';
import { defineRoute } from '../../http/route.ts';
import { planAgency, saveRatePlanSettings } from '../../services/rate-plan.ts';

/**
 * PUT rate-plan/settings/: the agency's owner replaces the plan's settings (tax inclusion, hourly
 * share, fees, mileage and fuel terms); the plan's version moves. Answers the whole plan.
 */
export const updateRatePlanSettingsRoute = defineRoute({
  method: 'PUT',
  url: 'rate-plan/settings/',
  access: ['agency'],
  body: ratePlanSettingsSchema,
  async handler({ deps, user, body }): Promise<RatePlanView> {
    return saveRatePlanSettings(deps, planAgency(user), body);
  },
});
