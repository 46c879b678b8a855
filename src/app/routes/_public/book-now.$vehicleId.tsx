import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';
import { parseId } from '../-params.ts';

export const Route = createFileRoute('/_public/book-now/$vehicleId')({
  params: {
    parse: ({ vehicleId }) => ({ vehicleId: parseId(vehicleId) }),
    stringify: ({ vehicleId }) => ({ vehicleId: String(vehicleId) }),
  },
  component: () => (
    <PlaceholderPage title="Book Now" line="Send a booking request for this vehicle; no account needed." />
  ),
});
