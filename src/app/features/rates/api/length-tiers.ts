import type * as v from 'valibot';
import type { LengthTierView } from '#domain/api/rate-plan';
import type { lengthTierSchema } from '#domain/schemas/length-tier';
import { priceListQueryOptions, usePriceListWrites } from './price-list.ts';

export type { LengthTierView };
export type LengthTierBody = v.InferInput<typeof lengthTierSchema>;

/** GET length-tiers/: shortest first. */
export const lengthTiersQueryOptions = () => priceListQueryOptions<LengthTierView>('length-tiers');

/** POST, PUT and DELETE length-tiers/ (the owner). */
export const useLengthTierWrites = () => usePriceListWrites<LengthTierView, LengthTierBody>('length-tiers');
