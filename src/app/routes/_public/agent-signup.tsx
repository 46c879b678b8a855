import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_public/agent-signup')({
  component: () => (
    <PlaceholderPage title="Become a Partner" line="Register your agency to rent out its vehicles with Fleet Rental." />
  ),
});
