import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors.ts';

/**
 * Public images at /media/, from whichever store holds them (folder or bucket), so every server
 * answers for every image and a bucket needs no public access. Names are random and never
 * reused, so a reply never changes: browsers and caches keep it for a year.
 */
export function registerMediaServing(app: FastifyInstance): void {
  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
    const object = await app.deps.media.openPublic(request.params['*']);
    if (!object) throw notFound();
    return reply
      .headers({
        'Content-Type': 'image/webp',
        'Content-Length': String(object.size),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      })
      .send(object.body);
  });
}
