import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Settings } from '#domain/api/settings';
import { api } from './api-client.ts';

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings'],
    queryFn: ({ signal }) => api.get<Settings>('settings/', signal),
    staleTime: 60 * 60 * 1000,
  });

/** The currency prices are shown in (the server's CURRENCY); GBP until the settings arrive. */
export function useCurrency(): string {
  return useQuery(settingsQueryOptions()).data?.currency ?? 'GBP';
}
