import { sql } from 'kysely';
import type { FastifyReply } from 'fastify';
import type { HealthReply, Settings } from '#domain/api/settings';
import { defineRoute } from '../http/route.ts';

/** For operators and the app's connectivity probe: answers 200 only when the database does. */
export const health = defineRoute({
  method: 'GET',
  url: 'health/',
  access: 'public',
  async handler({ deps, reply }): Promise<HealthReply | FastifyReply> {
    reply.header('Cache-Control', 'no-store');
    try {
      await sql`select 1`.execute(deps.db);
      return { status: 'ok', database: deps.dialect };
    } catch (error) {
      reply.log.error({ err: error }, 'health check: database unreachable');
      const unavailable: HealthReply = { status: 'unavailable', error: 'The database is not reachable.' };
      return reply.code(503).send(unavailable);
    }
  },
});

/** Public settings the app needs before anyone signs in. */
export const settings = defineRoute({
  method: 'GET',
  url: 'settings/',
  access: 'public',
  async handler({ deps, reply }): Promise<Settings> {
    // The same for everyone, but a restart may change it: revalidated each time.
    reply.header('Cache-Control', 'no-cache');
    return { currency: deps.config.currency };
  },
});
