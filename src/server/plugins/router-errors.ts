import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '#domain/api/errors';
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
    .send({ error: MESSAGES[error.code] ?? 'The request is not valid.' } satisfies ApiErrorBody);
}

/** What Node's HTTP parser refuses before Fastify sees a request, by its error code. */
const CLIENT_ERRORS: Record<string, { status: number; error: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, error: 'The request headers or address are too long.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, error: 'The request took too long to arrive.' },
};
const MALFORMED = { status: 400, error: 'The request is not valid HTTP.' };

/**
 * Node's parser refuses some requests (headers or an address over 16 KB, a broken request line)
 * before Fastify has a request to answer; Fastify's own reply to those has its internals and none
 * of our headers. They get the API's `{ error }` with `Cache-Control` and `nosniff` here, written
 * on the socket as Fastify does (its `clientErrorHandler`).
 */
export function clientErrorReply(error: Error & { code?: string }, socket: Duplex): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, error: message } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify({ error: message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: ${PRIVATE_NO_STORE}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
