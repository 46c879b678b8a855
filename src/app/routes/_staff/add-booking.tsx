import { createFileRoute } from '@tanstack/react-router';
import { customerChoiceQueryOptions } from '../../features/bookings/api/get-customer-choice.ts';
import { vehicleChoiceQueryOptions } from '../../features/bookings/api/get-vehicle-choice.ts';
import { AddBookingPage } from '../../features/bookings/components/add-booking-page.tsx';
import { definedOnly, searchId, searchText } from '../../lib/search-params.ts';

interface AddBookingSearch {
  /** Preselects the customer (from the customer list's row menu). */
  customerId?: number | undefined;
  /** Preselects the vehicle and the day (a free day tapped on the planner). */
  vehicleId?: number | undefined;
  date?: string | undefined;
}

export const Route = createFileRoute('/_staff/add-booking')({
  validateSearch: (search: Record<string, unknown>): AddBookingSearch =>
    definedOnly<AddBookingSearch>({
      customerId: searchId(search['customerId']),
      vehicleId: searchId(search['vehicleId']),
      date: searchText(search['date']),
    }),
  loaderDeps: ({ search }) => ({ customerId: search.customerId, vehicleId: search.vehicleId }),
  loader: ({ context, deps }) => {
    if (deps.customerId !== undefined)
      void context.queryClient.prefetchQuery(customerChoiceQueryOptions(deps.customerId));
    if (deps.vehicleId !== undefined) void context.queryClient.prefetchQuery(vehicleChoiceQueryOptions(deps.vehicleId));
  },
  component: AddBooking,
});

function AddBooking() {
  const { customerId, vehicleId, date } = Route.useSearch();
  // Another preselection in the link starts a new form.
  return (
    <AddBookingPage
      key={`${customerId ?? ''}:${vehicleId ?? ''}:${date ?? ''}`}
      customerId={customerId}
      vehicleId={vehicleId}
      date={date}
    />
  );
}
