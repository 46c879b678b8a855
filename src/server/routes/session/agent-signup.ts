import type { AgentSignupReply } from '#domain/api/session';
import { agentSignupSchema } from '#domain/schemas/accounts';
import { defineRoute } from '../../http/route.ts';
import { registerAgency } from '../../services/accounts/register-agency.ts';
import { limitAnonymousWrite } from '../../services/rate-limits.ts';

/** A partner registers an agency: pending until the operator approves it; its owner can sign in. */
export const agentSignup = defineRoute({
  method: 'POST',
  url: 'agent-signup/',
  access: 'public',
  body: agentSignupSchema,
  async handler({ deps, request, body }): Promise<AgentSignupReply> {
    await limitAnonymousWrite(deps, 'sign-ups', { address: request.ip, email: body.email });
    const agency = await registerAgency(deps, body);
    return { message: 'Thank you! Your agency registration is pending approval.', agency };
  },
});
