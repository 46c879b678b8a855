import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { SessionUser } from '#domain/api/session';
import { isStaffRole } from '#domain/constants';
import { loadSession, sessionQueryOptions } from './api/get-session.ts';

/*
 * Route guards, run in `beforeLoad` from the cached session (restored from IndexedDB before the
 * router starts), so they decide the same way offline.
 */

/** The customer area: role customer only; anyone else signs in (SPEC §2, §6). */
export async function requireCustomer(queryClient: QueryClient): Promise<SessionUser> {
  const user = await loadSession(queryClient);
  if (user?.role !== 'customer') throw redirect({ to: '/login', replace: true });
  return user;
}

/** The staff area: staff, agent and agency. */
export async function requireStaff(queryClient: QueryClient): Promise<SessionUser> {
  const user = await loadSession(queryClient);
  if (!user || !isStaffRole(user.role)) throw redirect({ to: '/login', replace: true });
  return user;
}

/** Screens both sidebars list (/bookings/list, /settings): any signed-in user. */
export async function requireSignedIn(queryClient: QueryClient): Promise<SessionUser> {
  const user = await loadSession(queryClient);
  if (!user) throw redirect({ to: '/login', replace: true });
  return user;
}

/** The landing page and the public layout send staff-type users to their dashboard. */
export async function redirectStaffHome(queryClient: QueryClient): Promise<void> {
  const user = await loadSession(queryClient);
  if (isStaffRole(user?.role)) throw redirect({ to: '/staff/dashboard', replace: true });
}

/**
 * The landing page's rule, without holding a first visit on the server: with a session kept on
 * the device (any later start, online or not) it decides as redirectStaffHome; with none (a first
 * visit) the page is drawn at once while `auth/me/` is asked in the background — for a visitor it
 * is the chain auth/me/ → csrf/ → token/refresh/, three round trips before the vehicles — and the
 * landing sends a staff-type user on once the answer says so (`isStaffRole`).
 */
export async function redirectStaffHomeWhenKnown(queryClient: QueryClient): Promise<void> {
  if (queryClient.getQueryData(sessionQueryOptions().queryKey) === undefined) {
    void loadSession(queryClient).catch(() => undefined);
    return;
  }
  await redirectStaffHome(queryClient);
}

/** `/login` sends a user who is already signed in on to where a sign-in would take them. */
export async function redirectSignedIn(queryClient: QueryClient): Promise<void> {
  const user = await loadSession(queryClient);
  if (user) throw redirect({ to: pathAfterLogin(user), replace: true });
}

/**
 * Where a sign-in lands (SPEC §2): customers on their dashboard, agents and agencies on the staff
 * dashboard, everyone else (staff included) on `/`, which then sends staff on.
 */
export function pathAfterLogin(user: SessionUser): '/customer/dashboard' | '/staff/dashboard' | '/' {
  if (user.role === 'customer') return '/customer/dashboard';
  if (user.role === 'agent' || user.role === 'agency') return '/staff/dashboard';
  return '/';
}
