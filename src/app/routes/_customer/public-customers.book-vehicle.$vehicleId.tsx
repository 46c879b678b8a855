import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';
import { parseId } from '../-params.ts';

export const Route = createFileRoute('/_customer/public-customers/book-vehicle/$vehicleId')({
  params: {
    parse: ({ vehicleId }) => ({ vehicleId: parseId(vehicleId) }),
    stringify: ({ vehicleId }) => ({ vehicleId: String(vehicleId) }),
  },
  component: () => (
    <PlaceholderPage title="Request a Booking" line="Choose your dates, times and pickup and dropoff locations." />
  ),
});
