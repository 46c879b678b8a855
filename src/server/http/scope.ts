import type { AuthUser } from '../context.ts';
import { forbidden } from './errors.ts';

/**
 * The agency whose data a staff-side user may see: null for the operator (role staff), who sees
 * every agency; the user's own agency for agency and agent users.
 */
export function agencyScope(user: AuthUser): number | null {
  if (user.role === 'staff') return null;
  if ((user.role === 'agency' || user.role === 'agent') && user.agencyId !== null) return user.agencyId;
  throw forbidden();
}

/** True when the user may act on a record that belongs to `agencyId`. */
export function canReachAgency(user: AuthUser, agencyId: number): boolean {
  const scope = agencyScope(user);
  return scope === null || scope === agencyId;
}
