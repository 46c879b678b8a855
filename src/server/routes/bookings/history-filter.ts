import type { BookingHistoryFilter as FilterInput } from '#domain/schemas/booking-history';
import { todayIso } from '#domain/dates';
import type { Deps } from '../../context.ts';
import type { BookingHistoryFilter } from '../../repositories/booking-history.ts';

/** The repository's filter from a history call's query, within the caller's agency scope. */
export function historyFilter(deps: Deps, agencyId: number | null, query: FilterInput): BookingHistoryFilter {
  return {
    agencyId,
    today: query.today ?? todayIso(deps.now()),
    from: query.from,
    to: query.to,
    vehicleId: query.vehicle,
    customerId: query.customer,
    status: query.status,
  };
}
