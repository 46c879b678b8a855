import { redirect } from '@tanstack/react-router';

/** A record id in a path. Anything else is an unknown path, and unknown paths go to `/` (SPEC §2). */
export function parseId(raw: string): number {
  if (!/^[1-9][0-9]{0,14}$/.test(raw)) throw redirect({ to: '/', replace: true });
  return Number(raw);
}

/**
 * A route's `params` for one record id in its path (`$id`, `$vehicleId`…): parsed to a number,
 * anything else redirected to `/` (parseId).
 */
export function idParams<K extends string>(key: K) {
  return {
    parse: (raw: Record<K, string>) => ({ [key]: parseId(raw[key]) }) as Record<K, number>,
    stringify: (params: Record<K, number>) => ({ [key]: String(params[key]) }) as Record<K, string>,
  };
}
