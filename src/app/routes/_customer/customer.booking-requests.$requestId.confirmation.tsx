import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';
import { parseId } from '../-params.ts';

/** SPEC §2 sends customers here from the requests list without defining it: on to the booking, or back to the list. */
export const Route = createFileRoute('/_customer/customer/booking-requests/$requestId/confirmation')({
  params: {
    parse: ({ requestId }) => ({ requestId: parseId(requestId) }),
    stringify: ({ requestId }) => ({ requestId: String(requestId) }),
  },
  component: () => <PlaceholderPage title="Booking Confirmation" line="Finding your booking." />,
});
