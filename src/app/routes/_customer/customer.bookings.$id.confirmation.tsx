import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';
import { parseId } from '../-params.ts';

export const Route = createFileRoute('/_customer/customer/bookings/$id/confirmation')({
  params: { parse: ({ id }) => ({ id: parseId(id) }), stringify: ({ id }) => ({ id: String(id) }) },
  component: () => <PlaceholderPage title="Booking Confirmed!" line="Your booking is confirmed." />,
});
