/**
 * What other features use of invoices: the key every invoice query sits under (a payment can settle
 * one), a booking's invoice and the panel of a booking's invoices.
 */
export { INVOICES_KEY } from './api/invoice-keys.ts';
export { useInvoiceForBooking } from './api/use-invoice-for-booking.ts';
export { BookingInvoices } from './components/booking-invoices.tsx';
