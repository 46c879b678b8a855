import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { PRIVATE_NO_STORE } from './cache-control.ts';

const MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
};

/**
 * The router refuses some URLs (bad percent-encoding, an over-long id) before any route, hook or
 * error handler runs; Fastify's own reply would show its internals and miss our headers. They get
 * the API's `{ error }` and `Cache-Control` here (Fastify's `frameworkErrors`).
 */
export function routerErrorReply(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .code(status)
    .header('Cache-Control', PRIVATE_NO_STORE)
    .header('X-Content-Type-Options', 'nosniff')
    .send({ error: MESSAGES[error.code] ?? 'The request is not valid.' });
}
