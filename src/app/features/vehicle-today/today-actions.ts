import type { TodayBooking, VehicleToday } from '#domain/api/vehicle-today';

/** Which inspection the card offers to start, and on which booking. */
export interface InspectionAction {
  kind: 'pickup' | 'return';
  booking: TodayBooking;
  /** The pickup inspection is in but the booking waits for its agreement: carry on, not start. */
  started: boolean;
}

/**
 * Start pick-up for the booking the car stands for today (pending or confirmed), Start return for
 * the one it is out on (active). A booking that only starts on a later day is not picked up from
 * here: the card names it as the next one.
 */
export function inspectionAction(
  today: Pick<VehicleToday, 'current_booking' | 'last_inspection'>,
): InspectionAction | null {
  const booking = today.current_booking;
  if (!booking) return null;
  if (booking.status === 'active') return { kind: 'return', booking, started: false };
  if (booking.status !== 'pending' && booking.status !== 'confirmed') return null;
  const last = today.last_inspection;
  return { kind: 'pickup', booking, started: last?.booking_id === booking.id && last.kind === 'pickup' };
}
