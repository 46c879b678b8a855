import { createFileRoute } from '@tanstack/react-router';
import { localIsoDate } from '#domain/dates';
import {
  bookingHistoryQueryOptions,
  bookingHistoryTotalsQueryOptions,
  historyFilterOf,
} from '../../features/booking-history/api/booking-history.ts';
import { BookingHistoryPage } from '../../features/booking-history/components/booking-history-page.tsx';
import { definedOnly, searchId, searchText } from '../../lib/search-params.ts';

/** The filters in the address; what a date or a status may be is checked with the screen (historyFilterOf). */
interface HistorySearch {
  from?: string | undefined;
  to?: string | undefined;
  vehicle?: number | undefined;
  customer?: number | undefined;
  status?: string | undefined;
}

export const Route = createFileRoute('/_staff/bookings/history')({
  validateSearch: (search: Record<string, unknown>): HistorySearch =>
    definedOnly<HistorySearch>({
      from: searchText(search['from']),
      to: searchText(search['to']),
      vehicle: searchId(search['vehicle']),
      customer: searchId(search['customer']),
      status: searchText(search['status']),
    }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // Not awaited: the page shows the cached list, offline and loading states itself.
    const today = localIsoDate();
    const filter = historyFilterOf(deps);
    void context.queryClient.prefetchInfiniteQuery(bookingHistoryQueryOptions(filter, today));
    void context.queryClient.prefetchQuery(bookingHistoryTotalsQueryOptions(filter, today));
  },
  component: BookingHistoryRoute,
});

function BookingHistoryRoute() {
  const filter = historyFilterOf(Route.useSearch());
  const navigate = Route.useNavigate();
  return <BookingHistoryPage filter={filter} onFilter={(next) => void navigate({ search: next, replace: true })} />;
}
