import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { PlannerRow } from '#domain/api/planner';
import type { BookingMoveInput } from '#domain/schemas/booking-move';
import { bookingKeys } from '#app/lib/query-keys';
import { formatDate } from '../../../lib/format.ts';
import type { ListPage } from '../../../lib/paging.ts';
import {
  discardEntry,
  submitThroughOutbox,
  useOutboxEntries,
  type OutboxEntry,
  type OutboxRequest,
  type SubmitOutcome,
} from '../../../offline/outbox.ts';
import { BOOKING_WRITE_KEYS } from '../../bookings/index.ts';
import { withMoves, type Place } from '../planner-model.ts';

/** A move as the planner makes it: the booking, where it was seen, where it goes, and names for the outbox's list. */
export interface Move {
  bookingId: number;
  from: Place;
  to: Place;
  customer: string;
  vehicleName: string;
}

/**
 * POST bookings/{id}/move/ through the outbox: made offline in the yard, it is sent once when the
 * connection returns. `from` lets the server refuse (409) a move of a booking moved meanwhile.
 */
export function moveRequest(move: Move): OutboxRequest {
  const body: BookingMoveInput = { ...move.to, from: move.from };
  return {
    kind: 'booking-move',
    // Moves of one booking go in the order made: the second starts where the first put it.
    target: `booking:${move.bookingId}`,
    method: 'POST',
    url: `bookings/${move.bookingId}/move/`,
    json: body,
    invalidate: BOOKING_WRITE_KEYS,
    label: `Move booking: ${move.customer}, ${move.vehicleName}, ${formatDate(move.to.start_date)} – ${formatDate(move.to.end_date)}`,
  };
}

type PlannerData = InfiniteData<ListPage<PlannerRow>, number>;

/** Draws a move the server accepted in every planner window kept, until their refetch says the same. */
function applyToCache(queryClient: QueryClient, move: Move): void {
  const moves = new Map([[move.bookingId, move.to]]);
  queryClient.setQueriesData<PlannerData>({ queryKey: bookingKeys.planner }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: withMoves(page.items, moves) })) } : data,
  );
}

/**
 * Sends a move. Accepted: drawn at once. Refused (a 409 overlap or a move meanwhile, a 400): the
 * entry is dropped, since the planner says why and the bar is back where it was. Kept for later
 * (offline): the bar shows it as pending where it goes (see usePendingMoves).
 */
export function useMoveBooking() {
  const queryClient = useQueryClient();
  return async (move: Move): Promise<SubmitOutcome> => {
    const outcome = await submitThroughOutbox(moveRequest(move));
    if (outcome.status === 'sent') applyToCache(queryClient, move);
    if (outcome.status === 'refused') await discardEntry(outcome.entry.id);
    return outcome;
  };
}

function bookingIdOf(entry: OutboxEntry): number | null {
  const id = Number(/^booking:(\d+)$/.exec(entry.target)?.[1]);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function placeOf(json: unknown): Place | null {
  if (typeof json !== 'object' || json === null) return null;
  const { vehicle, start_date: start, end_date: end } = json as Partial<Record<keyof Place, unknown>>;
  return typeof vehicle === 'number' && typeof start === 'string' && typeof end === 'string'
    ? { vehicle, start_date: start, end_date: end }
    : null;
}

/**
 * The moves on this device that the server has not answered yet, by booking: the planner draws
 * each where it goes, marked pending. A refused one (conflict) is left out: its booking is drawn
 * where the server has it, and the sync panel's conflict view tells what happened.
 */
export function usePendingMoves(): { places: Map<number, Place>; refused: OutboxEntry[] } {
  const entries = useOutboxEntries({ kind: 'booking-move' });
  return useMemo(() => {
    const places = new Map<number, Place>();
    const refused: OutboxEntry[] = [];
    for (const entry of entries) {
      if (entry.state === 'attention' || entry.state === 'conflict') {
        refused.push(entry);
        continue;
      }
      const id = bookingIdOf(entry);
      const place = placeOf(entry.request.json);
      // Later entries of one booking come later in the list: the last place wins.
      if (id !== null && place) places.set(id, place);
    }
    return { places, refused };
  }, [entries]);
}
