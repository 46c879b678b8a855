import * as v from 'valibot';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { id, wholeNumber } from '#domain/schemas/fields';
import { badRequest } from '../http/errors.ts';
import { InvalidCursorError, type CursorPaged } from '../repositories/keyset.ts';
import type { RenderedPage } from '../services/list-page-cache.ts';

/** `limit` / `offset` of a list: at most `maxLimit` rows a page, `defaultLimit` when not asked. */
export function pagingFields(defaultLimit: number, maxLimit: number) {
  return {
    limit: v.optional(wholeNumber('Limit', { min: 1, max: maxLimit }), defaultLimit),
    offset: v.optional(wholeNumber('Offset', { min: 0 }), 0),
  };
}

/**
 * Paging of a keyset list: `limit` and `offset` as everywhere, or `cursor`, the opaque position
 * an earlier page's X-Next-Cursor gave (then without offset).
 */
export function cursorPagingFields(defaultLimit: number, maxLimit: number) {
  return {
    ...pagingFields(defaultLimit, maxLimit),
    cursor: v.optional(v.pipe(v.string('Cursor must be text.'), v.maxLength(2_000, 'Cursor is too long.'))),
  };
}

/** A list's query string when it takes nothing but `limit` and `offset`. */
export function pagingQuery(defaultLimit: number, maxLimit: number) {
  return v.object(pagingFields(defaultLimit, maxLimit));
}

/** Sends a list with its total in X-Total-Count. */
export function paged<T>(reply: FastifyReply, page: { items: T[]; total: number }): T[] {
  reply.header('X-Total-Count', String(page.total));
  return page.items;
}

/** A keyset list with nothing in it (a caller with no records of their own). */
export function emptyPage<T>(): CursorPaged<T> {
  return { items: [], total: 0, totalCapped: false, next: null };
}

/** A page's rows, or a 400 when the list cannot use the cursor it was sent. */
async function readPage<P>(read: () => Promise<P>): Promise<P> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof InvalidCursorError) throw badRequest(error.message, { cursor: [error.message] });
    throw error;
  }
}

/**
 * A keyset list's headers: its total in X-Total-Count (with X-Total-Count-Capped: true when a
 * search stopped counting), and, when another page follows, its cursor in X-Next-Cursor and its URL
 * in `Link: <…>; rel="next"` (this request's URL with the cursor in place of any offset).
 */
function pageHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { total: number; totalCapped: boolean; next: string | null },
): void {
  reply.header('X-Total-Count', String(page.total));
  if (page.totalCapped) reply.header('X-Total-Count-Capped', 'true');
  if (page.next) {
    const next = new URL(request.url, 'http://server');
    next.searchParams.delete('offset');
    next.searchParams.set('cursor', page.next);
    reply.header('X-Next-Cursor', page.next);
    reply.header('Link', `<${next.pathname}${next.search}>; rel="next"`);
  }
}

/** Sends a keyset list (see pageHeaders); a cursor the list cannot use is a 400. */
export async function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  list: () => Promise<CursorPaged<T>>,
): Promise<T[]> {
  const page = await readPage(list);
  pageHeaders(request, reply, page);
  return page.items;
}

/** Sends a keyset list page rendered before (services/list-page-cache), as sendPage would. */
export async function sendRenderedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  render: () => Promise<RenderedPage>,
): Promise<FastifyReply> {
  const page = await readPage(render);
  pageHeaders(request, reply, page);
  return reply.type('application/json; charset=utf-8').send(page.body);
}

export const customerIdParams = v.object({ id: id('Customer') });
