import { oneWayFeeIdParams } from '#domain/schemas/one-way-fee';
import { defineRoute } from '../../http/route.ts';
import { removeOneWayFee } from '../../services/price-list/one-way-fees.ts';

/** DELETE one-way-fees/{id}/ (agency owner): removes the pair's fee (the flat one-way fee applies again, if any). */
export const deleteOneWayFeeRoute = defineRoute({
  method: 'DELETE',
  url: 'one-way-fees/:id/',
  access: ['agency'],
  params: oneWayFeeIdParams,
  async handler({ deps, user, params }): Promise<undefined> {
    await removeOneWayFee(deps, user, params.id);
    return undefined;
  },
});
