import type { FastifyReply } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { listPublicCategoryNames } from '../../repositories/vehicle-categories.ts';
import { matchesEtag, renderOne } from '../../services/public-vehicles-cache.ts';
import { pagingQuery } from '../params.ts';

/**
 * GET public-vehicle-categories/: the category names of the vehicles on offer, once each whatever
 * their case, by name (the landing's filter; each is a `category` of GET public-vehicles/). Public
 * data like the list: revalidated each time, mostly a bodiless 304.
 */
export const listPublicVehicleCategoriesRoute = defineRoute({
  method: 'GET',
  url: 'public-vehicle-categories/',
  access: 'public',
  query: pagingQuery(100, 500),
  async handler({ deps, query, request, reply }): Promise<FastifyReply> {
    const page = await listPublicCategoryNames(deps.db, query);
    const names: string[] = page.items;
    const { body, etag } = renderOne(names);
    reply.headers({ ETag: etag, 'Cache-Control': 'no-cache', 'X-Total-Count': String(page.total) });
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  },
});
