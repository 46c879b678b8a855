import type { QueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { redirectStaffHomeWhenKnown } from '../features/session/guards.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context, location }) => {
    // The landing route (index.tsx) sits directly under the root, outside the public layout route
    // whose guard sends staff-type users on, so the root applies that rule to `/` itself — on a
    // first visit without waiting for the server (the landing then sends staff on itself).
    if (location.pathname === '/') await redirectStaffHomeWhenKnown(context.queryClient);
  },
  component: Outlet,
  notFoundComponent: () => <Navigate to="/" replace />,
});
