import multipart from '@fastify/multipart';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http/errors.ts';
import { NUL_TEXT } from '../http/request-body.ts';

/** Deeper than any body of the API (two or three levels), shallow enough for any code to walk. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;
const POISONED = 'The request body may not use the keys __proto__ or constructor.prototype.';
const NUL_ADDRESS = 'The address may not contain %00 (the character U+0000).';

/**
 * How request bodies are read. JSON (at most the server's 1 MB body limit) is parsed here with
 * its depth bounded. A multipart body is only marked as one: the route reads it, after its access
 * check and within its own file limits (http/request-body.ts). A reply sent before its body was read
 * (a refusal by the access check) keeps the connection when the body is small, and otherwise says
 * `Connection: close` and ends it (closeAfterReply).
 */
export async function registerRequestBodies(app: FastifyInstance): Promise<void> {
  // A path or query value is text too; raw NUL cannot arrive (Node's parser refuses it), %00 can.
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url)) throw badRequest(NUL_ADDRESS);
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(String(body)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  await app.register(multipart);
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.raw.complete !== false) return payload;
    if (isSmallBody(request.raw)) {
      // The rest is a few kilobytes, most likely in already: read and dropped, the connection kept.
      reply.raw.once('finish', () => request.raw.resume());
    } else {
      // Said in the reply, so a client that keeps connections open sends its next request on a new one.
      void reply.header('Connection', 'close');
      closeAfterReply(request.raw, reply.raw);
    }
    return payload;
  });
}

/** After an early reply, how long and how much of the rest of the body is read and dropped. */
const LINGER_MS = 3000;
const LINGER_BYTES = 2 * 1024 * 1024;
/** A refused body up to this size (by its Content-Length) is read and dropped; the connection stays open. */
const SMALL_BODY_BYTES = 64 * 1024;

function isSmallBody(request: IncomingMessage): boolean {
  const length = Number(request.headers['content-length']);
  return request.headers['transfer-encoding'] === undefined && Number.isInteger(length) && length <= SMALL_BODY_BYTES;
}

/**
 * Ends a connection whose large request body was refused before it all arrived. Node would keep
 * the connection and read the whole body (a 100 MB upload, received and thrown away); closing it
 * at once would answer the bytes still in flight with a reset, and a client that had not yet read
 * the reply would see "connection reset" instead of why. So, as web servers do, the reply goes
 * out saying `Connection: close`, then the end of the connection, and what still comes is dropped
 * for a short while (LINGER_MS), reading at most LINGER_BYTES and then no more until it is
 * destroyed. Node ends a connection so marked with `destroySoon()` once the reply is written,
 * which would reset it: here that lingers instead.
 */
function closeAfterReply(request: IncomingMessage, response: ServerResponse): void {
  const { socket } = request;
  let dropped = 0;
  const destroy = () => socket.destroy();
  request.unpipe();
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    // Reading stops, the connection stays until the timer: destroying it now, with bytes unread,
    // would answer with a reset that can overtake the reply the client has not read yet.
    if (dropped > LINGER_BYTES) socket.pause();
  });
  request.resume();
  let lingering = false;
  const linger = () => {
    if (lingering) return;
    lingering = true;
    socket.end();
    const timer = setTimeout(destroy, LINGER_MS).unref();
    socket.once('close', () => clearTimeout(timer));
  };
  socket.destroySoon = linger;
  response.once('finish', linger);
}

/**
 * JSON.parse, with what Fastify's own parser adds (a leading BOM is skipped; `__proto__` and
 * `constructor.prototype` are refused), a bound on nesting checked before anything is built, and
 * no U+0000 in any key or text (JSON can carry it only as the escape `\u0000`).
 */
export function parseJsonBody(body: string): unknown {
  const text = body.charCodeAt(0) === 0xfeff ? body.slice(1) : body;
  if (text.trim() === '') throw badRequest('The request body is empty.');
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw badRequest(TOO_DEEP);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  // Always walked: a key can be spelt with escapes ("\u005f_proto__") that no quick text test sees.
  if (isPoisoned(value)) throw badRequest(POISONED);
  if (text.includes('\\u0000') && holdsNul(value)) throw badRequest(NUL_TEXT);
  return value;
}

/** Counts brackets outside strings; one pass, no allocation. */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      // A backslash escapes the next character, which may be a quote.
      if (char === 0x5c) index += 1;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

/** Whether any key or text in a parsed body holds U+0000 (depth bounded before parsing). */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(holdsNul);
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item));
}

/** Recursion is safe here: the depth was bounded before parsing. */
function isPoisoned(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(isPoisoned);
  if (Object.hasOwn(value, '__proto__')) return true;
  const record = value as Record<string, unknown>;
  const constructor = Object.hasOwn(value, 'constructor') ? record.constructor : undefined;
  if (constructor !== null && typeof constructor === 'object' && Object.hasOwn(constructor, 'prototype')) return true;
  return Object.values(record).some(isPoisoned);
}
