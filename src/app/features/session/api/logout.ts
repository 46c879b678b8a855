import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { forgetRecentlySent, pauseForSignIn } from '../../../offline/outbox.ts';
import { clearPersistedCache } from '../../../offline/forget-cache.ts';
import { clearPrivateResponseCaches } from '../../../pwa/private-caches.ts';
import { rememberPendingLogout } from '../pending-logout.ts';
import { setSession } from './get-session.ts';

/**
 * Signs out on the server, then forgets everything cached on this device (tablets are shared).
 * When the server cannot be told (offline, or an error), the device is cleared all the same and
 * the sign-out is sent before the session is next asked for.
 */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await apiRequest('POST', 'logout/');
  } catch {
    rememberPendingLogout();
  }
  // Writes still queued wait for the next sign-in rather than fail signed out.
  await Promise.all([pauseForSignIn(), clearPersistedCache(queryClient), clearPrivateResponseCaches()]);
  forgetRecentlySent();
  setSession(queryClient, null);
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => logout(queryClient) });
}
