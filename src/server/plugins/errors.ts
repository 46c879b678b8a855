import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '#domain/api/errors';
import { HttpError } from '../http/errors.ts';
import { Conflict, DomainError, Invalid, NotFound, PriceChanged, Refused, TooMany } from '../services/errors.ts';

const GENERIC_5XX = 'Something went wrong on our side. Please try again.';

/** Fastify's own client errors, given sentences a person can read. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted; send JSON or a multipart form.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
};
/** A 4xx with no code comes from reading the request itself (a connection cut mid-body). */
const UNREADABLE = 'The request could not be read. Please send it again.';

/** One place turns every error into `{ error, fields? }`; a 5xx never shows its internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | DomainError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send({ error: error.message, ...(error.fields ? { fields: error.fields } : {}) } satisfies ApiErrorBody);
    }
    if (error instanceof DomainError) {
      if (error instanceof TooMany) {
        reply.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      }
      return reply.code(statusOf(error)).send({
        error: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error instanceof PriceChanged ? { quote: error.quote } : {}),
      } satisfies ApiErrorBody);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message =
        (error.code && FRAMEWORK_MESSAGES[error.code]) ||
        (error.code?.startsWith('FST_ERR_VALIDATION') ? error.message : null);
      return reply
        .code(status)
        .send({ error: message ?? (error.code ? error.message : UNREADABLE) } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: GENERIC_5XX } satisfies ApiErrorBody);
  });
}

/** The status of each refusal the services throw (services/errors.ts). */
function statusOf(error: DomainError): number {
  if (error instanceof Invalid) return 400;
  if (error instanceof Refused) return 403;
  if (error instanceof NotFound) return 404;
  if (error instanceof Conflict) return 409;
  if (error instanceof TooMany) return 429;
  return 500;
}
