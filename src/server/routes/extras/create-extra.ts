import type { ExtraView } from '#domain/api/rate-plan';
import { extraSchema } from '#domain/schemas/extra';
import { defineRoute } from '../../http/route.ts';
import { createExtra } from '../../services/price-list/extras.ts';

/** POST extras/ (agency owner): an extra priced per day or per rental, unlimited or with a stock per pickup location. */
export const createExtraRoute = defineRoute({
  method: 'POST',
  url: 'extras/',
  access: ['agency'],
  body: extraSchema,
  async handler({ deps, user, body, request }): Promise<ExtraView> {
    return createExtra(deps, user, body, request.idempotencyClaim);
  },
});
