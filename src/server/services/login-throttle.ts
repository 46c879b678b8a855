import type { Deps } from '../context.ts';
import { blockedForSeconds, clientNetwork, countAttempt, forgetAttempts, type RateRule } from './rate-limits.ts';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failures of one account from one address: a guesser at one keyboard. */
export const PAIR_FAILURE_LIMIT = 5;
/** Failures from one address across accounts: one address trying many accounts. */
export const ADDRESS_FAILURE_LIMIT = 30;

const PAIR: RateRule = { name: 'login:pair', limit: PAIR_FAILURE_LIMIT, windowMs: THROTTLE_WINDOW_MS };
const ADDRESS: RateRule = { name: 'login:address', limit: ADDRESS_FAILURE_LIMIT, windowMs: THROTTLE_WINDOW_MS };

export interface LoginThrottle {
  /** Seconds to wait before this account may be tried from this address; 0 when allowed. */
  retryAfterSeconds(account: string, address: string, now: Date): Promise<number>;
  recordFailure(account: string, address: string, now: Date): Promise<void>;
  recordSuccess(account: string, address: string): Promise<void>;
}

/**
 * Failed sign-ins are counted per (account, address) pair and per address, never per account
 * alone: whoever fails on an account from elsewhere cannot lock its owner out. The counts live
 * in the database (rate_counters), so every server process on it sees the same ones.
 */
export function loginThrottleFor(deps: Deps): LoginThrottle {
  const pair = (account: string, address: string) => `${account}\u0000${clientNetwork(address)}`;
  return {
    async retryAfterSeconds(account, address, now) {
      const [forPair, forAddress] = await Promise.all([
        blockedForSeconds(deps.db, PAIR, pair(account, address), now),
        blockedForSeconds(deps.db, ADDRESS, clientNetwork(address), now),
      ]);
      return Math.max(forPair, forAddress);
    },
    async recordFailure(account, address, now) {
      await countAttempt(deps.db, PAIR, pair(account, address), now);
      await countAttempt(deps.db, ADDRESS, clientNetwork(address), now);
    },
    async recordSuccess(account, address) {
      await forgetAttempts(deps.db, PAIR, pair(account, address));
    },
  };
}
