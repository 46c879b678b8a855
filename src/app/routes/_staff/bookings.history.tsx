import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { bookingHistoryFilterFields } from '#domain/schemas/booking-history';
import { localIsoDate } from '#domain/dates';
import {
  bookingHistoryQueryOptions,
  bookingHistoryTotalsQueryOptions,
  type HistoryFilter,
} from '../../features/booking-history/api/booking-history.ts';
import { BookingHistoryPage } from '../../features/booking-history/components/booking-history-page.tsx';

/** A filter of the address, or undefined when it does not read (a hand-edited link drops it alone). */
function read<K extends keyof typeof bookingHistoryFilterFields>(name: K, search: Record<string, unknown>) {
  const parsed = v.safeParse(bookingHistoryFilterFields[name], search[name]);
  return parsed.success ? (parsed.output ?? undefined) : undefined;
}

export const Route = createFileRoute('/_staff/bookings/history')({
  validateSearch: (search: Record<string, unknown>): HistoryFilter => {
    const filter: HistoryFilter = {
      from: read('from', search),
      to: read('to', search),
      vehicle: read('vehicle', search),
      customer: read('customer', search),
      status: read('status', search),
    };
    // Only the filters set: the address stays short and the query key the same for equal filters.
    return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // Not awaited: the page shows the cached list, offline and loading states itself.
    const today = localIsoDate();
    void context.queryClient.prefetchInfiniteQuery(bookingHistoryQueryOptions(deps, today));
    void context.queryClient.prefetchQuery(bookingHistoryTotalsQueryOptions(deps, today));
  },
  component: BookingHistoryRoute,
});

function BookingHistoryRoute() {
  const filter = Route.useSearch();
  const navigate = Route.useNavigate();
  return <BookingHistoryPage filter={filter} onFilter={(next) => void navigate({ search: next, replace: true })} />;
}
