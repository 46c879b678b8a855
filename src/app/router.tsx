import type { QueryClient } from '@tanstack/react-query';
import { Navigate, createRouter } from '@tanstack/react-router';
import { LoadingState } from './components/loading-state.tsx';
import { RouteError } from './components/route-error.tsx';
import { routeTree } from './route-tree.gen.ts';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // TanStack Query decides freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: () => <LoadingState />,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: () => <Navigate to="/" replace />,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
