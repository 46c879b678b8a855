import type { AuthUser } from '../context.ts';
import { Refused } from './errors.ts';

const NOT_ALLOWED = 'You do not have permission to do this.';

/**
 * The agency whose data a staff-side user may see: null for the operator (role staff), who sees
 * every agency; the user's own agency for agency and agent users.
 */
export function agencyScope(user: AuthUser): number | null {
  const scope = staffScope(user);
  if (scope === undefined) throw new Refused(NOT_ALLOWED);
  return scope;
}

/** agencyScope, or undefined for a user who sees no agency's data (a customer). */
export function staffScope(user: AuthUser): number | null | undefined {
  if (user.role === 'staff') return null;
  if ((user.role === 'agency' || user.role === 'agent') && user.agencyId !== null) return user.agencyId;
  return undefined;
}

/** True when the user may act on a record that belongs to `agencyId`. */
export function canReachAgency(user: AuthUser, agencyId: number): boolean {
  const scope = agencyScope(user);
  return scope === null || scope === agencyId;
}
