import type { QueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { redirectStaffHome } from '../features/session/guards.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context, location }) => {
    // The landing route (index.tsx) sits directly under the root, outside the public layout route
    // whose guard sends staff-type users on, so the root applies that rule to `/` itself.
    if (location.pathname === '/') await redirectStaffHome(context.queryClient);
  },
  component: Outlet,
  notFoundComponent: () => <Navigate to="/" replace />,
});
