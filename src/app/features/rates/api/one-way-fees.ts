import type * as v from 'valibot';
import type { OneWayFeeView } from '#domain/api/rate-plan';
import type { oneWayFeeSchema } from '#domain/schemas/one-way-fee';
import { priceListQueryOptions, usePriceListWrites } from './price-list.ts';

export type { OneWayFeeView };
export type OneWayFeeBody = v.InferInput<typeof oneWayFeeSchema>;

/** GET one-way-fees/: by pickup, then dropoff location name. */
export const oneWayFeesQueryOptions = () => priceListQueryOptions<OneWayFeeView>('one-way-fees');

/** POST, PUT and DELETE one-way-fees/ (the owner). */
export const useOneWayFeeWrites = () => usePriceListWrites<OneWayFeeView, OneWayFeeBody>('one-way-fees');
