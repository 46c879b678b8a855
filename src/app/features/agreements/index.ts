/**
 * What other features use of agreements: the "Rental agreement" panel of a booking (staff's
 * Booking Details and the customer's booking page). It loads with its screen only: the
 * agreement's code and the signature pad are their own chunk, never in the landing's.
 */
export { AgreementSection } from './components/agreement-section.tsx';
