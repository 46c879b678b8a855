import { createFileRoute, redirect } from '@tanstack/react-router';

/** The vehicle forms go to /vehicles after saving; the spec defines no screen there (SPEC §2). */
export const Route = createFileRoute('/_staff/vehicles')({
  beforeLoad: () => {
    throw redirect({ to: '/fleet/vehicles', replace: true });
  },
});
