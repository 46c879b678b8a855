import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '#domain/api/session';
import type { LoginInput } from '#domain/schemas/accounts';
import { api } from '../../../lib/api-client.ts';
import { setCacheUser } from '../../../offline/forget-cache.ts';
import { resumeAfterSignIn } from '../../../offline/outbox.ts';
import { clearFirstScreen } from '../../../pwa/first-screen-store.ts';
import { requestPersistentStorage } from '../../../offline/persistent-storage.ts';
import { sendPendingLogout } from '../pending-logout.ts';
import { sessionQueryOptions, setSession } from './get-session.ts';

/**
 * Signs in, then reads the session back from `auth/me/` (SPEC §7). The persisted cache is
 * switched to this user first: a different user must not see the previous one's cached data.
 */
export async function login(queryClient: QueryClient, input: LoginInput): Promise<SessionUser> {
  await sendPendingLogout();
  const signedIn = await api.post<SessionUser>('login/', input);
  await setCacheUser(signedIn.id, queryClient);
  await clearFirstScreen().catch(() => undefined);
  const user = (await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 })) ?? signedIn;
  setSession(queryClient, user);
  void resumeAfterSignIn();
  void requestPersistentStorage();
  return user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: LoginInput) => login(queryClient, input) });
}
