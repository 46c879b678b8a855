import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentLocation } from '#domain/api/locations';
import { api } from '../../../lib/api-client.ts';

/** The server's largest page: an agency's pickup locations fit in it many times over. */
const LOCATIONS_PAGE = 500;

/** The pickup locations the caller may give a vehicle (GET agent-locations/), by city and name. */
export const agentLocationsQueryOptions = () =>
  queryOptions({
    queryKey: ['agent-locations', 'list', { limit: LOCATIONS_PAGE }],
    queryFn: async ({ signal }) =>
      (await api.list<AgentLocation>(`agent-locations/?limit=${LOCATIONS_PAGE}`, signal)).items,
  });

export function useAgentLocations() {
  return useQuery(agentLocationsQueryOptions());
}
