/** What other features use of payments: the panel of a booking's payments. */
export { BookingPaymentsPanel } from './components/booking-payments-panel.tsx';
export { PAYMENTS_KEY } from './api/payments.ts';
