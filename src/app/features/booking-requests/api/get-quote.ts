import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteView } from '#domain/api/quotes';
import { api } from '../../../lib/api-client.ts';
import type { QuoteBody } from '../device-quote.ts';

export type { QuoteBody };

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
