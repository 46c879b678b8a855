import { END_BEFORE_START } from '#domain/schemas/fields';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Said as soon as both dates are chosen, not only on submit: "End date cannot be before start
 * date." when the end precedes the start; undefined while either is empty or incomplete.
 */
export function dateRangeError(start: string | undefined, end: string | undefined): string | undefined {
  if (!start || !end || !ISO_DATE.test(start) || !ISO_DATE.test(end)) return undefined;
  return end < start ? END_BEFORE_START : undefined;
}
