import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgencySummary } from '#domain/api/agencies';
import { api } from '../../../lib/api-client.ts';

export type { AgencySummary };

const AGENCIES_PAGE = 500;

/** Every agency by name (GET agencies/): only the operator (role staff) may ask, to choose a vehicle's agency. */
export const agenciesQueryOptions = () =>
  queryOptions({
    queryKey: ['agencies', 'list', { limit: AGENCIES_PAGE }],
    queryFn: async ({ signal }) => (await api.list<AgencySummary>(`agencies/?limit=${AGENCIES_PAGE}`, signal)).items,
  });

export function useAgencies(enabled: boolean) {
  return useQuery({ ...agenciesQueryOptions(), enabled });
}
