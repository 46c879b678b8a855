import type { RouteRegistrar } from '../index.ts';
import { cancelBooking } from './cancel-booking.ts';
import { createAnonymousBookingRequest } from './create-anonymous-booking-request.ts';
import { createBookingRequest } from './create-booking-request.ts';
import { createBooking } from './create-booking.ts';
import { createBookingFromRequest } from './create-booking-from-request.ts';
import { finalizeBookingRequestRoute } from './finalize-booking-request.ts';
import { getBooking } from './get-booking.ts';
import { getBookingHistoryTotals } from './get-booking-history-totals.ts';
import { getBookingRequest } from './get-booking-request.ts';
import { getRequestBookingDraft } from './get-request-booking-draft.ts';
import { getRequestClashes } from './get-request-clashes.ts';
import { getStaffBookingRequest } from './get-staff-booking-request.ts';
import { listBookingHistoryRoute } from './list-booking-history.ts';
import { listBookingRequests } from './list-booking-requests.ts';
import { listBookings } from './list-bookings.ts';
import { listCustomerBookings } from './list-customer-bookings.ts';
import { listStaffBookingRequests } from './list-staff-booking-requests.ts';
import { pickUpBooking } from './pick-up-booking.ts';
import { returnBooking } from './return-booking.ts';
import { reviewBookingRequest } from './review-booking-request.ts';
import { updateBooking } from './update-booking.ts';
import { moveBooking } from './move-booking.ts';

export const bookingsRoutes: RouteRegistrar[] = [
  listBookings,
  listBookingHistoryRoute,
  getBookingHistoryTotals,
  createBooking,
  getBooking,
  updateBooking,
  moveBooking,
  pickUpBooking,
  returnBooking,
  cancelBooking,
  listCustomerBookings,
  listStaffBookingRequests,
  getStaffBookingRequest,
  reviewBookingRequest,
  getRequestClashes,
  getRequestBookingDraft,
  createBookingFromRequest,
  listBookingRequests,
  getBookingRequest,
  createBookingRequest,
  createAnonymousBookingRequest,
  finalizeBookingRequestRoute,
];
