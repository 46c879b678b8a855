import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_public/about')({
  component: () => (
    <PlaceholderPage
      title="About Us"
      line="Fleet Rental connects travellers with trusted local agencies and their vehicles."
    />
  ),
});
