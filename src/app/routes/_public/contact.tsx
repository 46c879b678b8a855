import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_public/contact')({
  component: () => (
    <PlaceholderPage
      title="Contact"
      line="Questions about a booking or about becoming a partner? Our team is happy to help."
    />
  ),
});
