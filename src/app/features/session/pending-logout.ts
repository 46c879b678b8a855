import { NetworkError, apiRequest } from '../../lib/api-client.ts';

/**
 * A sign-out made offline cannot reach the server to revoke the HttpOnly cookies, so it is
 * remembered here and sent before the session is asked for again: on a shared tablet the next
 * person must not find the previous user signed in.
 */
const KEY = 'fleet:pending-logout';

export function rememberPendingLogout(): void {
  localStorage.setItem(KEY, '1');
}

/** Sends a remembered sign-out; false while the server cannot be reached (the user counts as signed out). */
export async function sendPendingLogout(): Promise<boolean> {
  if (localStorage.getItem(KEY) === null) return true;
  try {
    await apiRequest('POST', 'logout/');
  } catch (error) {
    // Any answer from the server settles it; only silence keeps the sign-out pending.
    if (error instanceof NetworkError) return false;
  }
  localStorage.removeItem(KEY);
  return true;
}
