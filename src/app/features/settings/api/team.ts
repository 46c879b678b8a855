import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamMember } from '#domain/api/team';
import type { TeamMemberInput } from '#domain/schemas/accounts';
import { api } from '../../../lib/api-client.ts';

export type { TeamMember };

/** An agency has a handful of logins: one page holds them all (the server allows 200). */
const TEAM_LIMIT = 200;

export const teamQueryOptions = () =>
  queryOptions({
    queryKey: ['team'],
    queryFn: ({ signal }) => api.list<TeamMember>(`team/?limit=${TEAM_LIMIT}`, signal),
  });

/** POST team/: a new agent's login. Online only: a password is never kept on the device to send later. */
export function useAddTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: TeamMemberInput) => api.post<TeamMember>('team/', member),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryOptions().queryKey }),
  });
}

/** PATCH team/{id}/: an agent's login off (signed out everywhere at once) or on again. */
export function useSetMemberDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) =>
      api.patch<TeamMember>(`team/${id}/`, { disabled }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryOptions().queryKey }),
  });
}
