/** What other features use of the session: who is signed in. */
export { useSession } from './api/get-session.ts';
