import type * as v from 'valibot';
import type { staffBookingUpdateSchema } from '#domain/schemas/booking';

/** The form's raw values: amounts stay the decimal text people typed ("45.50"), as the API takes them. */
export type BookingFormValues = v.InferInput<typeof staffBookingUpdateSchema>;

/** The JSON body of POST bookings/ and PATCH bookings/{id}/: ids as integers or null (SPEC §5). */
export function bookingPayload(values: BookingFormValues): Record<string, unknown> {
  const id = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));
  return { ...values, customer: id(values.customer), vehicle: id(values.vehicle) };
}
