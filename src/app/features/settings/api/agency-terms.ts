import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgencyTerms, TermsVersion } from '#domain/api/agreements';
import type { AgencyTermsInput } from '#domain/schemas/agreement';
import { api } from '../../../lib/api-client.ts';

export const agencyTermsQueryOptions = () =>
  queryOptions({
    queryKey: ['agency', 'terms'] as const,
    queryFn: ({ signal }) => api.get<AgencyTerms>('agency-terms/', signal),
  });

/** GET agency-terms/: the agency's current rental terms and their version (agency owners and agents). */
export function useAgencyTerms() {
  return useQuery(agencyTermsQueryOptions());
}

/** POST agency-terms/: the owner saves the terms as the next version. Online only; the form keeps what was typed. */
export function useSaveAgencyTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AgencyTermsInput) => api.post<TermsVersion>('agency-terms/', input),
    onSuccess: (saved) => queryClient.setQueryData(agencyTermsQueryOptions().queryKey, { current: saved }),
  });
}
