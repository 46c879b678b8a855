import type { AgentSignupReply } from '#domain/api/session';
import { agentSignupSchema } from '#domain/schemas/accounts';
import { defineRoute } from '../../http/route.ts';
import { createPendingAgency } from '../../repositories/agencies.ts';
import { limitAnonymousWrite } from '../../services/rate-limits.ts';
import { signUp } from './sign-up.ts';

/** A partner registers an agency: pending until the operator approves it; its owner can sign in. */
export const agentSignup = defineRoute({
  method: 'POST',
  url: 'agent-signup/',
  access: 'public',
  body: agentSignupSchema,
  async handler({ deps, request, body }): Promise<AgentSignupReply> {
    await limitAnonymousWrite(deps, 'sign-ups', { address: request.ip, email: body.email });
    const agency = await signUp(deps, body, (account) =>
      createPendingAgency(deps.db, { name: body.agency_name }, account, deps.now().toISOString()),
    );
    return { message: 'Thank you! Your agency registration is pending approval.', agency };
  },
});
