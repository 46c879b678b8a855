import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';
import { parseId } from '../-params.ts';

export const Route = createFileRoute('/_staff/edit-booking/$id')({
  params: { parse: ({ id }) => ({ id: parseId(id) }), stringify: ({ id }) => ({ id: String(id) }) },
  component: () => <PlaceholderPage title="Edit Booking" line="Edit Booking." />,
});
