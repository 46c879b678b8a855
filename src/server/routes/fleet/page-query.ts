import * as v from 'valibot';
import { wholeNumber } from '#domain/schemas/fields';

/** The fleet area's lists: up to `maxLimit` rows a page, `defaultLimit` when not asked. */
export function pageQuery(defaultLimit = 100, maxLimit = 500) {
  return v.object({
    limit: v.optional(wholeNumber('Limit', { min: 1, max: maxLimit }), defaultLimit),
    offset: v.optional(wholeNumber('Offset', { min: 0 }), 0),
  });
}
