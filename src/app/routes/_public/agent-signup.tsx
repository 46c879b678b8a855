import { createFileRoute } from '@tanstack/react-router';
import { AgentSignupPage } from '../../features/accounts/components/agent-signup-page.tsx';

export const Route = createFileRoute('/_public/agent-signup')({
  component: AgentSignupPage,
});
