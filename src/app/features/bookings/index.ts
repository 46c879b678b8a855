/**
 * What other features use of staff bookings: what a booking write refreshes, one booking as staff
 * read it (the planner prices a move from it), and the pickers of a customer and of a vehicle (the
 * booking history filters by them).
 */
export { BOOKING_WRITE_KEYS, invalidateAfterBooking } from './api/invalidate-bookings.ts';
export { staffBookingQueryOptions } from './api/get-staff-booking.ts';
export { useCustomerChoice } from './api/get-customer-choice.ts';
export { useVehicleChoice } from './api/get-vehicle-choice.ts';
export { CustomerCombobox, customerOption, type CustomerOption } from './components/customer-combobox.tsx';
export { VehicleCombobox, vehicleOption, type VehicleOption } from './components/vehicle-combobox.tsx';
