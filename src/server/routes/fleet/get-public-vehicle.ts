import type { FastifyReply } from 'fastify';
import { todayIso } from '#domain/dates';
import { vehicleIdParams } from '#domain/schemas/vehicle';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { findPublicVehicleDetail } from '../../repositories/vehicles.ts';
import { matchesEtag, renderOne } from '../../services/public-vehicles-cache.ts';
import { VEHICLE_NOT_FOUND } from './get-staff-vehicle.ts';

/**
 * GET public-vehicles/:id/: anyone may read a vehicle of an approved agency, with what its page
 * shows beyond the list (pickup addresses, the agency's phone and e-mail). Public data like the
 * list, which may change at any edit: revalidated each time, mostly as a bodiless 304.
 */
export const getPublicVehicleRoute = defineRoute({
  method: 'GET',
  url: 'public-vehicles/:id/',
  access: 'public',
  params: vehicleIdParams,
  async handler({ deps, params, request, reply }): Promise<FastifyReply> {
    const vehicle = await findPublicVehicleDetail(deps.db, deps.media, params.id, todayIso(deps.now()));
    if (!vehicle) throw notFound(VEHICLE_NOT_FOUND);
    const { body, etag } = renderOne(vehicle);
    reply.headers({ ETag: etag, 'Cache-Control': 'no-cache' });
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  },
});
