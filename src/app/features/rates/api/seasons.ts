import type * as v from 'valibot';
import type { SeasonView } from '#domain/api/rate-plan';
import type { seasonSchema } from '#domain/schemas/season';
import { priceListQueryOptions, usePriceListWrites } from './price-list.ts';

export type { SeasonView };
export type SeasonBody = v.InferInput<typeof seasonSchema>;

/** GET seasons/: by start date. */
export const seasonsQueryOptions = () => priceListQueryOptions<SeasonView>('seasons');

/** POST, PUT and DELETE seasons/ (the owner). */
export const useSeasonWrites = () => usePriceListWrites<SeasonView, SeasonBody>('seasons');
