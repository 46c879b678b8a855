import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteView } from '#domain/api/quotes';
import { api } from '../../../lib/api-client.ts';

/** The body of POST quotes/ the forms send: what the person chose so far. */
export interface QuoteBody {
  vehicle_id: number;
  start_date: string;
  end_date: string;
  pickup_time: string;
  dropoff_time: string;
  pickup_location_id: number | null;
  dropoff_location_id: number | null;
  extras: { extra_id: number; quantity: number }[];
  driver_age: number | null;
  /** Staff's discount (Add and Edit Booking); the request forms send none. */
  discount_amount?: string;
}

const QUOTES = ['quotes'] as const;

/**
 * POST quotes/: the server's itemised price for one choice (nothing stored or promised). Read as a
 * query keyed by the choice, so an answer for an older choice never shows for a newer one. Not kept
 * on the device (a price is the server's word now, not later), not retried (a 409 on stock is an
 * answer), and paused offline: the device's estimate stands until the server can be asked.
 */
export const quoteQueryOptions = (body: QuoteBody | null) =>
  queryOptions({
    queryKey: [...QUOTES, body] as const,
    queryFn: ({ signal }) => api.post<QuoteView>('quotes/', body, { signal }),
    enabled: body !== null,
    retry: false,
    networkMode: 'online',
    staleTime: 30_000,
    gcTime: 60_000,
    meta: { persist: false },
  });

export function useServerQuote(body: QuoteBody | null) {
  return useQuery(quoteQueryOptions(body));
}
