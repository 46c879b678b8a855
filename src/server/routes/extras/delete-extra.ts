import { extraIdParams } from '#domain/schemas/extra';
import { defineRoute } from '../../http/route.ts';
import { retireAgencyExtra } from '../../services/price-list/extras.ts';

/** DELETE extras/{id}/ (agency owner): retires the extra — gone from lists and the plan, kept for bookings that took it. */
export const deleteExtraRoute = defineRoute({
  method: 'DELETE',
  url: 'extras/:id/',
  access: ['agency'],
  params: extraIdParams,
  async handler({ deps, user, params }): Promise<undefined> {
    await retireAgencyExtra(deps, user, params.id);
    return undefined;
  },
});
