/** What other features use of the session: who is signed in, signing in, and where a user goes after. */
export { isSessionQuery, sessionQueryOptions, setSession, useSession } from './api/get-session.ts';
export { useLogin } from './api/login.ts';
export { pathAfterLogin } from './guards.ts';
