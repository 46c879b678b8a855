import { seasonIdParams } from '#domain/schemas/season';
import { defineRoute } from '../../http/route.ts';
import { removeSeason } from '../../services/price-list/seasons.ts';

/** DELETE seasons/{id}/ (agency owner): removes the season from the plan; quotes already given keep their lines. */
export const deleteSeasonRoute = defineRoute({
  method: 'DELETE',
  url: 'seasons/:id/',
  access: ['agency'],
  params: seasonIdParams,
  async handler({ deps, user, params }): Promise<undefined> {
    await removeSeason(deps, user, params.id);
    return undefined;
  },
});
