import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UnavailabilityPeriod } from '#domain/api/unavailability';
import type { UnavailabilityInput } from '#domain/schemas/unavailability';
import { api } from '../../../lib/api-client.ts';

export type { UnavailabilityPeriod };

export const UNAVAILABILITY_KEY = ['unavailability'] as const;

/** Periods ending on or after `from` (the calendar's first day), up to the server's page cap. */
export const unavailabilityQueryOptions = (from: string) =>
  queryOptions({
    queryKey: [...UNAVAILABILITY_KEY, { from }],
    queryFn: ({ signal }) => api.list<UnavailabilityPeriod>(`unavailability/?from=${from}&limit=500`, signal),
    // Colleagues block vehicles too: each visit shows the kept list at once and asks for the current one.
    staleTime: 0,
  });

export function useUnavailability(from: string) {
  return useQuery(unavailabilityQueryOptions(from));
}

/** POST unavailability/ or, with an id, PATCH unavailability/{id}/; DELETE with `remove`. */
export function useSavePeriod() {
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: UNAVAILABILITY_KEY });
  const save = useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: UnavailabilityInput }) =>
      id === null ? api.post('unavailability/', values) : api.patch(`unavailability/${id}/`, values),
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`unavailability/${id}/`),
    onSuccess: invalidate,
  });
  return { save, remove };
}
