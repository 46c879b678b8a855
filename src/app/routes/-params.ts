import { redirect } from '@tanstack/react-router';

/** A record id in a path. Anything else is an unknown path, and unknown paths go to `/` (SPEC §2). */
export function parseId(raw: string): number {
  if (!/^[1-9][0-9]{0,14}$/.test(raw)) throw redirect({ to: '/', replace: true });
  return Number(raw);
}
