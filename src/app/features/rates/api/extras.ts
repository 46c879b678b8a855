import type * as v from 'valibot';
import type { ExtraView } from '#domain/api/rate-plan';
import type { extraSchema } from '#domain/schemas/extra';
import { priceListQueryOptions, usePriceListWrites } from './price-list.ts';

export type { ExtraView };
export type ExtraBody = v.InferInput<typeof extraSchema>;

/** GET extras/: the extras still offered, by name. */
export const extrasQueryOptions = () => priceListQueryOptions<ExtraView>('extras');

/** POST and PUT extras/; DELETE retires one (bookings that took it keep it). The owner only. */
export const useExtraWrites = () => usePriceListWrites<ExtraView, ExtraBody>('extras');
