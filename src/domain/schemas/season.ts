import * as v from 'valibot';
import { END_BEFORE_START, id, idList, isoDate, requiredText } from './fields.ts';
import { adjustmentFields, adjustmentRules } from './price-list-fields.ts';

export const SEASON_BASIS_POINTS_ZERO = 'Basis points cannot be 0: a season changes the price.';
export const SEASON_CATEGORIES_MAX = 100;

const seasonFields = v.object({
  name: requiredText('Name', 100),
  start_date: isoDate('Start date'),
  end_date: isoDate('End date'),
  // A percentage from 90 % off to 500 % more.
  ...adjustmentFields({ min: -9000, max: 50000 }),
  category_ids: v.pipe(
    idList('Category'),
    v.maxLength(SEASON_CATEGORIES_MAX, `Choose at most ${SEASON_CATEGORIES_MAX} categories.`),
  ),
});

/**
 * A season (POST seasons/, PUT seasons/{id}/ with the whole season again): a named run of days,
 * both ends included, that sets a day rate of its own or a share on the base, for every vehicle
 * (`category_ids` empty) or the categories named.
 */
export const seasonSchema = v.pipe(
  seasonFields,
  v.forward(
    v.partialCheck([['start_date'], ['end_date']], (input) => input.end_date >= input.start_date, END_BEFORE_START),
    ['end_date'],
  ),
  adjustmentRules<v.InferOutput<typeof seasonFields>>({ zero: SEASON_BASIS_POINTS_ZERO }),
);
export type SeasonInput = v.InferOutput<typeof seasonSchema>;

export const seasonIdParams = v.object({ id: id('Season') });
