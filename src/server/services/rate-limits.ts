import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { Kysely } from 'kysely';
import type { Deps } from '../context.ts';
import type { Database } from '../db/types.ts';
import { TooMany } from './errors.ts';
import { deleteCounter, hitCounter, liveCounter, purgeCounters } from '../repositories/rate-counters.ts';

/** At most `limit` attempts per window; a window starts at the first attempt after the last one ended. */
export interface RateRule {
  /** Names the counter: the first part of its key. */
  name: string;
  limit: number;
  windowMs: number;
}

const HOUR_MS = 60 * 60 * 1000;
/** Expired windows are deleted at most this often per process, by whichever request comes next. */
const PURGE_EVERY_MS = 5 * 60 * 1000;

/**
 * Anonymous writes, per client address and per e-mail given in the body (decision 020). A
 * household or a hotel desk behind one address stays far below these; a script sending a
 * request a second does not. Registrations and agency sign-ups share one budget.
 */
export const ANONYMOUS_WRITE_LIMITS = {
  'booking-requests': { what: 'booking requests', perAddress: 30, perEmail: 10, windowMs: HOUR_MS },
  'sign-ups': { what: 'sign-ups', perAddress: 10, perEmail: 5, windowMs: HOUR_MS },
  'password-resets': { what: 'password reset requests', perAddress: 10, perEmail: 5, windowMs: HOUR_MS },
} as const;

export type AnonymousWrite = keyof typeof ANONYMOUS_WRITE_LIMITS;

/**
 * Who a rate counter counts. IPv6 clients are counted by their /64 network, the smallest block
 * one subscriber gets, so cycling through addresses of one's own network buys nothing.
 */
export function clientNetwork(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Addresses, accounts and e-mails are stored as digests: the table does not show them in clear. */
function counterKey(rule: RateRule, identity: string): string {
  return `${rule.name}:${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}`;
}

/**
 * Whole seconds until the window ends; never more than one window, though a concurrent request
 * whose clock read a moment later may have opened it.
 */
function secondsLeft(rule: RateRule, windowEnd: string, now: Date): number {
  const ms = Math.min(rule.windowMs, Date.parse(windowEnd) - now.getTime());
  return Math.max(1, Math.ceil(ms / 1000));
}

/** Seconds `identity` must wait under `rule` before trying again; 0 when it may. Counts nothing. */
export async function blockedForSeconds(
  db: Kysely<Database>,
  rule: RateRule,
  identity: string,
  now: Date,
): Promise<number> {
  const counter = await liveCounter(db, counterKey(rule, identity), now.toISOString());
  return counter && counter.hits >= rule.limit ? secondsLeft(rule, counter.expires_at, now) : 0;
}

/** Counts one attempt; returns the seconds to wait when it went over the limit, else 0. */
export async function countAttempt(db: Kysely<Database>, rule: RateRule, identity: string, now: Date): Promise<number> {
  purgeNowAndThen(db, now);
  const counter = await hitCounter(
    db,
    counterKey(rule, identity),
    now.toISOString(),
    new Date(now.getTime() + rule.windowMs).toISOString(),
  );
  return counter.hits > rule.limit ? secondsLeft(rule, counter.expires_at, now) : 0;
}

export async function forgetAttempts(db: Kysely<Database>, rule: RateRule, identity: string): Promise<void> {
  await deleteCounter(db, counterKey(rule, identity));
}

/** "5 minutes", "1 minute": waits are told in whole minutes, rounded up. */
export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/**
 * Counts an anonymous write against its address and then its e-mail: a 429 with Retry-After and
 * a plain sentence at the first limit passed. Call it after validation, before any work.
 */
export async function limitAnonymousWrite(
  deps: Deps,
  kind: AnonymousWrite,
  client: { address: string; email: string },
): Promise<void> {
  const limits = ANONYMOUS_WRITE_LIMITS[kind];
  const checks = [
    { by: 'address', limit: limits.perAddress, identity: clientNetwork(client.address), whose: 'from this network' },
    {
      by: 'email',
      limit: limits.perEmail,
      identity: client.email.trim().toLowerCase(),
      whose: 'for this e-mail address',
    },
  ];
  for (const check of checks) {
    const rule = { name: `${kind}:${check.by}`, limit: check.limit, windowMs: limits.windowMs };
    const wait = await countAttempt(deps.db, rule, check.identity, deps.now());
    if (wait > 0) {
      throw new TooMany(`Too many ${limits.what} ${check.whose}. Try again in ${minutesText(wait)}.`, wait);
    }
  }
}

const lastPurge = new WeakMap<Kysely<Database>, number>();

/** Keeps the table to the windows still running, without a timer of its own. */
function purgeNowAndThen(db: Kysely<Database>, now: Date): void {
  const at = now.getTime();
  const last = lastPurge.get(db);
  if (last !== undefined && at - last < PURGE_EVERY_MS && at >= last) return;
  lastPurge.set(db, at);
  // Not awaited: the attempt being counted must not wait for it. A failed purge is simply
  // retried at the next interval; the counts stay right, the table only keeps more rows meanwhile.
  purgeCounters(db, now.toISOString()).catch(() => lastPurge.delete(db));
}
