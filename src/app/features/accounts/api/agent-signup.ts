import { useMutation } from '@tanstack/react-query';
import type { AgentSignupReply } from '#domain/api/session';
import type { AgentSignupInput } from '#domain/schemas/accounts';
import { api } from '../../../lib/api-client.ts';

/** POST agent-signup/: a pending agency and its owner's `agency` login, who can sign in at once. */
export function agentSignup(input: AgentSignupInput): Promise<AgentSignupReply> {
  return api.post<AgentSignupReply>('agent-signup/', input);
}

export function useAgentSignup() {
  return useMutation({ mutationFn: agentSignup });
}
