import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.ts';

const GENERIC_5XX = 'Something went wrong on our side. Please try again.';

/** Fastify's own client errors, given sentences a person can read. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted; send JSON or a multipart form.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_REQ_FILE_TOO_LARGE: 'A file is too large.',
  FST_PARTS_LIMIT: 'The form has too many parts.',
  FST_FILES_LIMIT: 'The form has too many files.',
  FST_FIELDS_LIMIT: 'The form has too many fields.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not a multipart form.',
};

/**
 * What the multipart parser (busboy) throws for a body it cannot read: an upload cut short (a
 * phone losing signal), no or the wrong boundary. They carry no status, so they would pass for
 * our own failures; they are the client's. (Issue 9 reworks uploads to stream; this keeps the
 * answer right meanwhile.)
 */
const MALFORMED_MULTIPART =
  /^(Unexpected end of multipart data|Multipart: Boundary not found|Boundary required|\w+ terminated early due to unexpected end of multipart data)$/;
const MALFORMED_MULTIPART_MESSAGE =
  'The upload was cut short or is not a well-formed multipart form. Please send it again.';

/** One place turns every error into `{ error, fields? }`; a 5xx never shows its internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send({ error: error.message, ...(error.fields ? { fields: error.fields } : {}) });
    }
    if (typeof error.statusCode !== 'number' && MALFORMED_MULTIPART.test(error.message)) {
      return reply.code(400).send({ error: MALFORMED_MULTIPART_MESSAGE });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message =
        (error.code && FRAMEWORK_MESSAGES[error.code]) ||
        (error.code?.startsWith('FST_ERR_VALIDATION') ? error.message : null);
      return reply.code(status).send({ error: message ?? error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: GENERIC_5XX });
  });
}
