import type { BookingHistoryFilter as FilterInput } from '#domain/schemas/booking-history';
import { todayIso } from '#domain/dates';
import type { Deps } from '../../context.ts';
import type { FastifyRequest } from 'fastify';
import type { BookingHistoryFilter } from '../../repositories/booking-history.ts';
import { listVersion } from '../../repositories/list-counts.ts';

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

/**
 * The version of what a history reply shows: the scope's staff booking list version (decision
 * 023), which moves with every booking written and every customer or vehicle detail the rows show.
 */
export async function historyVersion(deps: Deps, request: FastifyRequest, agencyId: number | null): Promise<number> {
  // Read with the session check (plugins/auth.ts); read here only if that did not.
  return request.bookingsVersion ?? (await listVersion(deps.db, 'bookings', agencyId));
}

/** The key a history reply is kept under: its kind, scope and filter (with the day it was asked on). */
export const historyKey = (kind: string, filter: object) => `booking-history ${kind} ${JSON.stringify(filter)}`;
