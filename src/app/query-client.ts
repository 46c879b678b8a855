import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './lib/api-client.ts';

/**
 * Reads stay fresh for a minute and are kept a week, so screens already seen open offline.
 * A 4xx answer is final: only network failures and 5xx are retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 7 * 24 * 60 * 60 * 1000,
        networkMode: 'offlineFirst',
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
      mutations: { networkMode: 'always' },
    },
  });
}
