import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';
import { parseId } from '../-params.ts';

export const Route = createFileRoute('/_customer/customer/booking-requests/$requestId/confirm')({
  params: {
    parse: ({ requestId }) => ({ requestId: parseId(requestId) }),
    stringify: ({ requestId }) => ({ requestId: String(requestId) }),
  },
  component: () => (
    <PlaceholderPage title="Confirm Booking" line="Upload your ID, choose how to pay and confirm your details." />
  ),
});
