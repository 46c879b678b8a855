import { defineRoute } from '../../http/route.ts';
import { listPublicVehicles } from '../../repositories/vehicles.ts';
import { matchesEtag, publicVehiclePage } from '../../services/public-vehicles-cache.ts';
import { pageQuery } from './page-query.ts';

/**
 * GET public-vehicles/: the busiest call of the product (landing page, customer browse, the
 * app's offline cache), so each page's JSON comes from memory with a strong ETag; clients
 * revalidate every time (no-cache) and mostly get a bodiless 304.
 */
export const listPublicVehiclesRoute = defineRoute({
  method: 'GET',
  url: 'public-vehicles/',
  access: 'public',
  query: pageQuery,
  async handler({ deps, query, request, reply }) {
    const page = await publicVehiclePage(deps, query, () => listPublicVehicles(deps.db, deps.media, query));
    const headers = { ETag: page.etag, 'Cache-Control': 'no-cache', 'X-Total-Count': page.total };
    reply.headers(headers);
    if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(page.body);
  },
});
