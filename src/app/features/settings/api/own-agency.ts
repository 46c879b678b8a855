import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgencyProfile } from '#domain/api/agencies';
import { api } from '../../../lib/api-client.ts';
import { sessionQueryOptions } from '../../session/index.ts';

export type { AgencyProfile };

export const ownAgencyQueryOptions = () =>
  queryOptions({
    queryKey: ['agency', 'own'] as const,
    queryFn: ({ signal }) => api.get<AgencyProfile>('agency/', signal),
  });

/** GET agency/: the caller's own agency (agency owners and agents). */
export function useOwnAgency() {
  return useQuery(ownAgencyQueryOptions());
}

/**
 * PATCH agency/ (multipart, so a new logo travels beside the fields): online only, the form keeps
 * what was typed. The session names the agency, so it is read again too.
 */
export function useUpdateOwnAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api.send<AgencyProfile>('PATCH', 'agency/', { form }).then((reply) => reply.data),
    onSuccess: (agency) => {
      queryClient.setQueryData(ownAgencyQueryOptions().queryKey, agency);
      return queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
    },
  });
}
