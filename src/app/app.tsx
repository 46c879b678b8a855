import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StaleBuildAlert } from './pwa/stale-build-alert.tsx';
import { UpdatePrompt } from './pwa/update-prompt.tsx';
import type { AppContext } from './start.ts';

export function App({ queryClient, router }: AppContext) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <UpdatePrompt />
      <StaleBuildAlert />
    </QueryClientProvider>
  );
}
