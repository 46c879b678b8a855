/**
 * What other features use of inspections: the staff's panel on a booking, the customer's read-only
 * view, a booking's inspections with their photos (the return charges show them beside each damage), and
 * which inspection an outbox entry records (the return charges wait for a return saved offline).
 */
export { BookingInspections } from './components/booking-inspections.tsx';
export { InspectionsPanel } from './components/inspections-panel.tsx';
export { InspectionPhotos } from './components/inspection-photos.tsx';
export { useBookingInspections } from './api/get-inspections.ts';
export { entryKind as queuedInspectionKind } from './api/record-inspection.ts';
