/** What other features use of inspections: the staff's panel on a booking and the customer's read-only view. */
export { BookingInspections } from './components/booking-inspections.tsx';
export { InspectionsPanel } from './components/inspections-panel.tsx';
