import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '#domain/constants';
import type { Deps } from '../../context.ts';

export const DEMO_PASSWORD = 'fleet-demo';
export const DEMO_USERS: { username: string; role: Role }[] = [
  { username: 'staff', role: 'staff' },
  { username: 'agency', role: 'agency' },
  { username: 'agent', role: 'agent' },
  { username: 'customer', role: 'customer' },
];

/** Seeds the demo data into an empty embedded database; returns whether it did. */
export async function seedIfEmpty(deps: Deps, log: FastifyBaseLogger): Promise<boolean> {
  void deps;
  void log;
  return false;
}
