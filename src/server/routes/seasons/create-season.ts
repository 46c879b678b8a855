import type { SeasonView } from '#domain/api/rate-plan';
import { seasonSchema } from '#domain/schemas/season';
import { defineRoute } from '../../http/route.ts';
import { createSeason } from '../../services/price-list/seasons.ts';

/** POST seasons/ (agency owner): a named run of days with a day rate or a share on the base, for every vehicle or the categories named; the plan's version moves. */
export const createSeasonRoute = defineRoute({
  method: 'POST',
  url: 'seasons/',
  access: ['agency'],
  body: seasonSchema,
  async handler({ deps, user, body, request }): Promise<SeasonView> {
    return createSeason(deps, user, body, request.idempotencyClaim);
  },
});
