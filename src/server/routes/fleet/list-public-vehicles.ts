import * as v from 'valibot';
import type { FastifyReply } from 'fastify';
import { todayIso } from '#domain/dates';
import { END_BEFORE_START, optionalText } from '#domain/schemas/fields';
import { AVAILABILITY_NEEDS_BOTH, availabilityFields } from '#domain/schemas/unavailability';
import { defineRoute } from '../../http/route.ts';
import { listPublicVehicles } from '../../repositories/vehicles.ts';
import { matchesEtag, publicVehiclePage, renderPage } from '../../services/public-vehicles-cache.ts';
import { pagingFields } from '../params.ts';

const listQuery = v.pipe(
  v.object({
    ...pagingFields(100, 500),
    ...availabilityFields,
    /** A category name (GET public-vehicle-categories/), whatever its case. */
    category: optionalText('Category', 60),
  }),
  v.forward(
    v.partialCheck(
      [['available_from'], ['available_to']],
      (input) => (input.available_from === undefined) === (input.available_to === undefined),
      AVAILABILITY_NEEDS_BOTH,
    ),
    ['available_to'],
  ),
  v.forward(
    v.partialCheck(
      [['available_from'], ['available_to']],
      (input) => !input.available_from || !input.available_to || input.available_to >= input.available_from,
      END_BEFORE_START,
    ),
    ['available_to'],
  ),
);

/**
 * GET public-vehicles/: the busiest call of the product (landing page, customer browse, the
 * app's offline cache), so each page's JSON comes from memory with a strong ETag; clients
 * revalidate every time (no-cache) and mostly get a bodiless 304. Filtered by
 * `available_from`/`available_to`, a page is read fresh each time (decision 028); by `category`
 * (a name, any case), it is cached like the others, under its own key.
 */
export const listPublicVehiclesRoute = defineRoute({
  method: 'GET',
  url: 'public-vehicles/',
  access: 'public',
  query: listQuery,
  async handler({ deps, query, request, reply }): Promise<FastifyReply> {
    const { available_from: from, available_to: to, category: named, ...paging } = query;
    const available = from && to ? { from, to } : undefined;
    const category = named ?? undefined;
    // The cards' "from" price looks a year ahead of the server's day (UTC).
    const day = todayIso(deps.now());
    const load = () => listPublicVehicles(deps.db, deps.media, day, paging, available, category);
    const page = available
      ? await load().then(renderPage)
      : await publicVehiclePage(deps, { ...paging, category, day }, load);
    const headers = { ETag: page.etag, 'Cache-Control': 'no-cache', 'X-Total-Count': page.total };
    reply.headers(headers);
    if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(page.body);
  },
});
