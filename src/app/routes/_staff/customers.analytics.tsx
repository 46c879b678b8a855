import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_staff/customers/analytics')({
  component: () => <PlaceholderPage title="Customer Analytics" line="How your customers book, spend and come back." />,
});
