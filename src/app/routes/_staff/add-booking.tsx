import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

interface AddBookingSearch {
  /** Preselects the customer (from the customer list's row menu). */
  customerId?: number;
}

export const Route = createFileRoute('/_staff/add-booking')({
  validateSearch: (search: Record<string, unknown>): AddBookingSearch => {
    const customerId = Number(search['customerId']);
    return Number.isInteger(customerId) && customerId > 0 ? { customerId } : {};
  },
  component: () => <PlaceholderPage title="Add Booking" line="Create a booking for a customer and a vehicle." />,
});
