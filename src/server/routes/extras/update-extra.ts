import type { ExtraView } from '#domain/api/rate-plan';
import { extraIdParams, extraSchema } from '#domain/schemas/extra';
import { defineRoute } from '../../http/route.ts';
import { changeExtra } from '../../services/price-list/extras.ts';

/** PUT extras/{id}/ (agency owner): the whole extra again, stock included; a retired one or another agency's is not found. */
export const updateExtraRoute = defineRoute({
  method: 'PUT',
  url: 'extras/:id/',
  access: ['agency'],
  params: extraIdParams,
  body: extraSchema,
  async handler({ deps, user, params, body }): Promise<ExtraView> {
    return changeExtra(deps, user, params.id, body);
  },
});
