import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';
import { parseId } from '../-params.ts';

export const Route = createFileRoute('/_staff/booking-details/$id')({
  params: { parse: ({ id }) => ({ id: parseId(id) }), stringify: ({ id }) => ({ id: String(id) }) },
  component: () => <PlaceholderPage title="Booking Details" line="Booking Details." />,
});
