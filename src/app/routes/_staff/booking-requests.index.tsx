import { createFileRoute, redirect } from '@tanstack/react-router';

/** The review screen returns to /booking-requests after saving; the spec defines no screen there (SPEC §2). */
export const Route = createFileRoute('/_staff/booking-requests/')({
  beforeLoad: () => {
    throw redirect({ to: '/bookings/requests', replace: true });
  },
});
