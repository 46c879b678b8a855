import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';
import { parseId } from '../-params.ts';

/** `/customer/bookings/{id}`: one of the customer's bookings (SPEC §2 links here without defining it). */
export const Route = createFileRoute('/_customer/customer/bookings/$id/')({
  params: { parse: ({ id }) => ({ id: parseId(id) }), stringify: ({ id }) => ({ id: String(id) }) },
  component: () => <PlaceholderPage title="Booking Details" line="Your booking." />,
});
