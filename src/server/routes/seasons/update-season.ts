import type { SeasonView } from '#domain/api/rate-plan';
import { seasonIdParams, seasonSchema } from '#domain/schemas/season';
import { defineRoute } from '../../http/route.ts';
import { changeSeason } from '../../services/price-list/seasons.ts';

/** PUT seasons/{id}/ (agency owner): the whole season again; another agency's is not found. */
export const updateSeasonRoute = defineRoute({
  method: 'PUT',
  url: 'seasons/:id/',
  access: ['agency'],
  params: seasonIdParams,
  body: seasonSchema,
  async handler({ deps, user, params, body }): Promise<SeasonView> {
    return changeSeason(deps, user, params.id, body);
  },
});
