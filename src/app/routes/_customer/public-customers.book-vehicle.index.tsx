import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_customer/public-customers/book-vehicle/')({
  component: () => (
    <PlaceholderPage title="Book a Vehicle" line="Browse the available vehicles and send a booking request." />
  ),
});
