import { describe, expect, it } from 'vitest';
import type { TodayBooking } from '#domain/api/vehicle-today';
import { inspectionAction } from './today-actions.ts';

const booking = (status: TodayBooking['status'], id = 7): TodayBooking => ({
  id,
  customer_name: 'Ada Lovelace',
  start_date: '2026-11-27',
  end_date: '2026-11-30',
  pickup_time: '09:00',
  dropoff_time: '17:00',
  status,
});
const inspection = (kind: 'pickup' | 'return', bookingId: number) => ({
  id: 1,
  booking_id: bookingId,
  kind,
  mileage: 1000,
  fuel_eighths: 8,
  created_at: '2026-11-27T09:00:00Z',
});

describe('inspectionAction', () => {
  it('offers the pick-up of a booking due today, and the return of one out', () => {
    expect(inspectionAction({ current_booking: booking('confirmed'), last_inspection: null })).toMatchObject({
      kind: 'pickup',
      started: false,
    });
    expect(inspectionAction({ current_booking: booking('pending'), last_inspection: null })?.kind).toBe('pickup');
    expect(
      inspectionAction({ current_booking: booking('active'), last_inspection: inspection('pickup', 7) }),
    ).toMatchObject({ kind: 'return', started: false });
  });

  it('says a pick-up already inspected is carried on, not started again', () => {
    const picked = inspectionAction({
      current_booking: booking('confirmed'),
      last_inspection: inspection('pickup', 7),
    });
    expect(picked).toMatchObject({ kind: 'pickup', started: true });
    const other = inspectionAction({ current_booking: booking('confirmed'), last_inspection: inspection('pickup', 3) });
    expect(other?.started).toBe(false);
  });

  it('offers nothing without a booking today, or for one that is over', () => {
    expect(inspectionAction({ current_booking: null, last_inspection: null })).toBeNull();
    expect(inspectionAction({ current_booking: booking('cancelled'), last_inspection: null })).toBeNull();
    expect(inspectionAction({ current_booking: booking('completed'), last_inspection: null })).toBeNull();
  });
});
