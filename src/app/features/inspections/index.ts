/**
 * What other features use of inspections: the staff's panel on a booking, the customer's read-only
 * view, and a booking's inspections with their photos (the return charges show them beside each damage).
 */
export { BookingInspections } from './components/booking-inspections.tsx';
export { InspectionsPanel } from './components/inspections-panel.tsx';
export { InspectionPhotos } from './components/inspection-photos.tsx';
export { useBookingInspections } from './api/get-inspections.ts';
