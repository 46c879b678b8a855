import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { StaleBuildAlert } from './pwa/stale-build-alert.tsx';
import { useUpdateWaiting } from './pwa/update-state.ts';
import { startAfterFirstPaint, type AppContext } from './start.ts';

// Loaded once a new version waits, from the old version's files the running worker still serves.
const UpdatePrompt = lazy(() => import('./pwa/update-prompt.tsx').then((module) => ({ default: module.UpdatePrompt })));

export function App({ queryClient, router }: AppContext) {
  const updateWaiting = useUpdateWaiting();
  // index.html's loading shell (decision 036) goes in the same frame as the first screen arrives.
  useLayoutEffect(() => document.getElementById('boot-shell')?.remove(), []);
  useEffect(() => startAfterFirstPaint({ queryClient, router }), [queryClient, router]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {updateWaiting ? (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      ) : null}
      <StaleBuildAlert />
    </QueryClientProvider>
  );
}
