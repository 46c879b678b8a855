import type { Kysely } from 'kysely';
import type { StaffBookingDetail } from '#domain/api/bookings';
import { BLOCKING_BOOKING_STATUSES, type BookingStatus } from '#domain/constants';
import type { LineOverride } from '#domain/schemas/booking';
import type { QuoteRequest } from '#domain/schemas/quote';
import type { AuthUser, Deps } from '../../context.ts';
import type { Database, NewBooking } from '../../db/types.ts';
import {
  agencyTaxRate,
  type BookingPricingFacts,
  bookingPricingFacts,
  bookingQuoteFields,
} from '../../repositories/booking-quotes.ts';
import {
  type BookingChanges,
  type BookingPlace,
  findBlockingBooking,
  getStaffBooking,
  lockVehicle,
  updateBookingRow,
  VehicleAlreadyBookedError,
} from '../../repositories/bookings.ts';
import { deleteBookingExtras, type ExtraTaken, insertBookingExtras } from '../../repositories/extra-reservations.ts';
import { storeBookingTerms } from '../../repositories/booking-terms.ts';
import { bookingQuoteLines, type StoredQuoteLine, storeBookingQuoteLines } from '../../repositories/quote-lines.ts';
import { bookingQuoteView } from '../../repositories/stored-quotes.ts';
import { assertNotHeld } from '../../repositories/request-holds.ts';
import { assertNoBlockingPeriod } from '../../repositories/unavailability-overlaps.ts';
import { bookingConflict } from '../booking-refusals.ts';
import { NotFound } from '../errors.ts';
import { assertExtrasInStock } from '../quotes/promise-extras.ts';
import { linesTotal, type PricedBooking, priceStaffBooking, withOverrides } from './price-booking.ts';
import { placeBooking } from './place-booking.ts';
import { BOOKING_NOT_FOUND } from '../booking-access.ts';

/** A staff booking's row values (an empty amount is null: the quote's total), its extras and line overrides. */
export interface StaffBookingWrite {
  values: Omit<BookingChanges, 'booking_amount'> & { booking_amount: number | null };
  extras: QuoteRequest['extras'];
  overrides: LineOverride[];
}

function isBlocking(status: BookingStatus): boolean {
  return (BLOCKING_BOOKING_STATUSES as readonly BookingStatus[]).includes(status);
}

function rentalOf(write: StaffBookingWrite): QuoteRequest {
  const { values } = write;
  return {
    vehicle_id: values.vehicle_id,
    start_date: values.start_date,
    end_date: values.end_date,
    pickup_time: values.pickup_time,
    dropoff_time: values.dropoff_time,
    pickup_location_id: values.pickup_location_id ?? null,
    dropoff_location_id: values.dropoff_location_id ?? null,
    extras: write.extras,
    driver_age: values.driver_age ?? null,
    discount_amount: values.discount_amount,
  };
}

/** The row with its price: the amount staff typed, else the lines' total; the plan's version it was priced by. */
function rowOf(write: StaffBookingWrite, priced: { planVersion: number | null; total: number }): BookingChanges {
  return {
    ...write.values,
    booking_amount: write.values.booking_amount ?? priced.total,
    rate_plan_version: priced.planVersion,
  };
}

/**
 * Staff "Add Booking" (issue 21): priced by the vehicle's agency's current plan inside the
 * booking's transaction, staff's overrides applied; the lines, the plan's version, the driver's
 * age and the extras are stored with it. Refused (409) when the vehicle is booked, blocked or
 * held for those dates, or a stock-limited extra is short at the pickup location (checked under
 * a lock per extra); nothing is written then.
 */
export async function createStaffBooking(
  deps: Deps,
  user: AuthUser,
  write: StaffBookingWrite,
  created: Pick<NewBooking, 'created_by' | 'created_at' | 'booking_request_id'>,
): Promise<number> {
  const now = created.created_at;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const priced = await priceStaffBooking(
        { ...deps, db: trx },
        user,
        { rental: rentalOf(write), agencyId: write.values.agency_id, overrides: write.overrides },
        now,
      );
      const id = await placeBooking(trx, deps.dialect, { ...rowOf(write, priced), ...created }, { now });
      await promiseExtras(trx, deps, write, priced.extras, now, id);
      await storeBookingQuoteLines(trx, id, priced.lines);
      await storeBookingTerms(trx, id, write.values.vehicle_id);
      return id;
    });
  } catch (error) {
    throw bookingConflict(error);
  }
}

async function promiseExtras(
  trx: Kysely<Database>,
  deps: Deps,
  write: StaffBookingWrite,
  extras: readonly ExtraTaken[],
  now: string,
  bookingId: number,
): Promise<void> {
  // A booking that no longer holds its vehicle (completed, cancelled) promises nothing.
  if (isBlocking(write.values.booking_status)) {
    await assertExtrasInStock(trx, deps.dialect, {
      extras,
      startDate: write.values.start_date,
      endDate: write.values.end_date,
      now,
      except: { bookingId },
    });
  }
  await deleteBookingExtras(trx, bookingId);
  await insertBookingExtras(trx, bookingId, extras);
}

function sameExtras(stored: readonly ExtraTaken[], chosen: QuoteRequest['extras']): boolean {
  if (stored.length !== chosen.length) return false;
  const sorted = [...chosen].sort((a, b) => a.extra_id - b.extra_id);
  return stored.every((extra, index) => {
    const other = sorted[index];
    return other !== undefined && other.extra_id === extra.extraId && other.quantity === extra.quantity;
  });
}

/** An edit of any of these prices the booking again; an edit of anything else keeps its stored lines. */
function pricingChanged(stored: BookingPricingFacts, write: StaffBookingWrite): boolean {
  const { values } = write;
  return (
    stored.vehicle_id !== values.vehicle_id ||
    stored.start_date !== values.start_date ||
    stored.end_date !== values.end_date ||
    stored.pickup_time !== values.pickup_time ||
    stored.dropoff_time !== values.dropoff_time ||
    stored.pickup_location_id !== (values.pickup_location_id ?? null) ||
    stored.dropoff_location_id !== (values.dropoff_location_id ?? null) ||
    stored.driver_age !== (values.driver_age ?? null) ||
    stored.discount_amount !== values.discount_amount ||
    !sameExtras(stored.extras, write.extras)
  );
}

/**
 * Staff "Edit Booking" (issue 21). An edit that changes the vehicle, dates, times, locations,
 * extras, driver's age or discount prices the booking again by the current plan (overrides sent
 * apply to the new lines; its extras are promised again); any other edit keeps the stored lines,
 * whatever the rates are now, with the overrides sent applied to them. An empty amount is the
 * lines' total (a booking made before quotes keeps its amount). New dates overlapping another
 * booking, an unavailability period or a hold are a 409, as on creation, checked under the
 * vehicle's lock; a status that no longer holds the vehicle skips those checks.
 */
export async function editStaffBooking(
  deps: Deps,
  user: AuthUser,
  id: number,
  write: StaffBookingWrite,
  now: string,
  /** A move's `from` (issue 23): written only if the booking is still there, else a 409. */
  expected?: BookingPlace,
): Promise<void> {
  const changes = write.values;
  try {
    await deps.db.transaction().execute(async (trx) => {
      await lockVehicle(trx, deps.dialect, changes.vehicle_id);
      const stored = await bookingPricingFacts(trx, id);
      if (!stored) throw new NotFound(BOOKING_NOT_FOUND);
      const reprice = pricingChanged(stored, write);
      let priced: PricedBooking | undefined;
      let lines: StoredQuoteLine[];
      if (reprice) {
        priced = await priceStaffBooking(
          { ...deps, db: trx },
          user,
          { rental: rentalOf(write), agencyId: changes.agency_id, overrides: write.overrides },
          now,
          { bookingId: id },
        );
        lines = priced.lines;
      } else {
        lines = await withOverrides(await bookingQuoteLines(trx, id), write.overrides, () =>
          agencyTaxRate(trx, changes.agency_id),
        );
      }
      if (isBlocking(changes.booking_status)) {
        const clash = await findBlockingBooking(trx, changes.vehicle_id, changes.start_date, changes.end_date, id);
        if (clash) throw new VehicleAlreadyBookedError(clash.start_date, clash.end_date);
        await assertNoBlockingPeriod(trx, changes.vehicle_id, changes.start_date, changes.end_date);
        await assertNotHeld(trx, changes.vehicle_id, changes.start_date, changes.end_date, now);
      }
      const total = lines.length > 0 ? linesTotal(lines) : stored.booking_amount;
      await updateBookingRow(
        trx,
        id,
        rowOf(write, { planVersion: priced ? priced.planVersion : stored.rate_plan_version, total }),
        expected,
      );
      if (priced) {
        // Priced again: the booking is held to today's terms, as to today's rates.
        await storeBookingTerms(trx, id, changes.vehicle_id);
        await promiseExtras(trx, deps, write, priced.extras, now, id);
      } else if (isBlocking(changes.booking_status) && !isBlocking(stored.booking_status)) {
        // Back from cancelled: its extras are promised again, if they are still there.
        await promiseExtras(trx, deps, write, stored.extras, now, id);
      }
      await storeBookingQuoteLines(trx, id, lines);
    });
  } catch (error) {
    throw bookingConflict(error);
  }
}

/** GET bookings/{id}/ for staff, and the replies of Add and Edit Booking: the staff shape with its quote. */
export async function staffBookingDetail(db: Kysely<Database>, bookingId: number): Promise<StaffBookingDetail> {
  const booking = await getStaffBooking(db, bookingId);
  const fields = await bookingQuoteFields(db, bookingId);
  if (!fields) throw new NotFound(BOOKING_NOT_FOUND);
  return {
    ...booking,
    pickup_location_id: fields.pickup_location_id,
    dropoff_location_id: fields.dropoff_location_id,
    driver_age: fields.driver_age,
    quote: await bookingQuoteView(db, bookingId, fields.rate_plan_version),
  };
}
