import type { OneWayFeeView } from '#domain/api/rate-plan';
import { oneWayFeeIdParams, oneWayFeeSchema } from '#domain/schemas/one-way-fee';
import { defineRoute } from '../../http/route.ts';
import { changeOneWayFee } from '../../services/price-list/one-way-fees.ts';

/** PUT one-way-fees/{id}/ (agency owner): the whole fee again; another agency's is not found. */
export const updateOneWayFeeRoute = defineRoute({
  method: 'PUT',
  url: 'one-way-fees/:id/',
  access: ['agency'],
  params: oneWayFeeIdParams,
  body: oneWayFeeSchema,
  async handler({ deps, user, params, body }): Promise<OneWayFeeView> {
    return changeOneWayFee(deps, user, params.id, body);
  },
});
