import * as v from 'valibot';
import type { FastifyReply } from 'fastify';
import { id, wholeNumber } from '#domain/schemas/fields';

/** `limit` / `offset` of a list: at most `maxLimit` rows a page, `defaultLimit` when not asked. */
export function pagingFields(defaultLimit: number, maxLimit: number) {
  return {
    limit: v.optional(wholeNumber('Limit', { min: 1, max: maxLimit }), defaultLimit),
    offset: v.optional(wholeNumber('Offset', { min: 0 }), 0),
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

export const customerIdParams = v.object({ id: id('Customer') });
