import type { FastifyReply } from 'fastify';
import { vehicleIdParams } from '#domain/schemas/vehicle';
import { defineRoute } from '../../http/route.ts';
import { matchesEtag, renderOne } from '../../services/public-vehicles-cache.ts';
import { publicRatePlan } from '../../services/rate-plan.ts';

/**
 * GET public-vehicles/:id/rate-plan/: anyone may read the rate plan of the agency of a vehicle on
 * offer, to price a rental on the device; it holds nothing private. Revalidated each time, like
 * the vehicle's page (ETag, mostly a bodiless 304); an unknown or retired vehicle is a 404.
 */
export const getPublicRatePlanRoute = defineRoute({
  method: 'GET',
  url: 'public-vehicles/:id/rate-plan/',
  access: 'public',
  params: vehicleIdParams,
  async handler({ deps, params, request, reply }): Promise<FastifyReply> {
    const { body, etag } = renderOne(await publicRatePlan(deps, params.id));
    reply.headers({ ETag: etag, 'Cache-Control': 'no-cache' });
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  },
});
