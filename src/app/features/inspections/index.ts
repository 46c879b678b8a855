/** What other features use of inspections: the read-only view of a booking's inspections. */
export { BookingInspections } from './components/booking-inspections.tsx';
