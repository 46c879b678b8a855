/**
 * The inspections of a booking (GET bookings/{id}/inspections/), as its agency's staff and the
 * customer of that booking see them; and the reply to recording one.
 */
import type { StaffBooking } from './bookings.ts';
import type { DamageMark, InspectionKind } from '../schemas/inspection.ts';

export interface InspectionPhoto {
  id: number;
  /** Served only to the agency's staff and the booking's customer, never cached. */
  url: string;
  width: number;
  height: number;
}

export interface Inspection {
  id: number;
  kind: InspectionKind;
  mileage: number;
  /** 0 (empty) to 8 (full). */
  fuel_eighths: number;
  damage_marks: DamageMark[];
  notes: string | null;
  /** Who recorded it ("Alex Agent"), null once that login is gone. */
  recorded_by: string | null;
  created_at: string;
  /**
   * The recording device's own clock, "YYYY-MM-DDTHH:MM" (the desk's local time, which a late
   * return is measured by); null when the device sent none.
   */
  device_time: string | null;
  photos: InspectionPhoto[];
}

/** Both inspections of a booking; null where that one is not recorded yet. */
export interface BookingInspections {
  pickup: Inspection | null;
  return: Inspection | null;
  /**
   * The vehicle's mileage allowance in km per day (0: none set), which a return is measured
   * against over the booking's days (domain/return-flags).
   */
  mileage_allowance: number;
}

/** POST bookings/{id}/inspections/{kind}/: the inspection and the booking it moved on. */
export interface RecordedInspection {
  inspection: Inspection;
  booking: StaffBooking;
}
