import type { OneWayFeeView } from '#domain/api/rate-plan';
import { oneWayFeeSchema } from '#domain/schemas/one-way-fee';
import { defineRoute } from '../../http/route.ts';
import { createOneWayFee } from '../../services/price-list/one-way-fees.ts';

/** POST one-way-fees/ (agency owner): the fee for a pair of the agency's own locations; the same pair twice is a 409. */
export const createOneWayFeeRoute = defineRoute({
  method: 'POST',
  url: 'one-way-fees/',
  access: ['agency'],
  body: oneWayFeeSchema,
  async handler({ deps, user, body, request }): Promise<OneWayFeeView> {
    return createOneWayFee(deps, user, body, request.idempotencyClaim);
  },
});
