import * as v from 'valibot';
import { isoDate, optionalId, optionalText, wholeNumber } from './fields.ts';

/** The longest window one planner call covers: a quarter, the month view with room either side. */
export const PLANNER_MAX_DAYS = 92;
/** Vehicles a page: the app asks for the rows it can show and the next ones as they scroll in. */
export const PLANNER_DEFAULT_ROWS = 50;
export const PLANNER_MAX_ROWS = 500;

/** GET planner/'s query: the window, what narrows its rows, and the page of rows. */
export const plannerQuerySchema = v.object({
  from: isoDate('From'),
  days: v.optional(wholeNumber('Days', { min: 1, max: PLANNER_MAX_DAYS }), 14),
  /** Only vehicles of this category of the agency's. */
  category: optionalId('Category'),
  /** Only vehicles picked up at this location. */
  location: optionalId('Location'),
  /** Every word found in the registration, make or model, whatever its case. */
  search: optionalText('Search', 100),
  limit: v.optional(wholeNumber('Limit', { min: 1, max: PLANNER_MAX_ROWS }), PLANNER_DEFAULT_ROWS),
  offset: v.optional(wholeNumber('Offset', { min: 0 }), 0),
});

export type PlannerQuery = v.InferOutput<typeof plannerQuerySchema>;
