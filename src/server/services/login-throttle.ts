import type { Deps } from '../context.ts';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failures of one account from one address: a guesser at one keyboard. */
export const PAIR_FAILURE_LIMIT = 5;
/** Failures from one address across accounts: one address trying many accounts. */
export const ADDRESS_FAILURE_LIMIT = 30;
/** Memory stays bounded whatever an attacker sends; the least recently failing keys go first. */
const MAX_KEYS = 20_000;

/** Failure times per key in a sliding window, keeping only the newest `limit` of them. */
class FailureWindow {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys: number,
  ) {}

  /** Milliseconds until the key may try again; 0 when it is not blocked. */
  blockedForMs(key: string, now: number): number {
    const times = this.recent(key, now);
    if (times.length < this.limit) return 0;
    const oldestCounted = times[times.length - this.limit] ?? now;
    return Math.max(0, oldestCounted + this.windowMs - now);
  }

  record(key: string, now: number): void {
    const times = this.recent(key, now);
    times.push(now);
    if (times.length > this.limit) times.splice(0, times.length - this.limit);
    // Re-inserting keeps the Map ordered by last failure, so eviction starts with the stalest.
    this.failures.delete(key);
    this.failures.set(key, times);
    this.evict(now);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  get size(): number {
    return this.failures.size;
  }

  private recent(key: string, now: number): number[] {
    const times = this.failures.get(key);
    if (!times) return [];
    return times.filter((time) => time > now - this.windowMs);
  }

  private evict(now: number): void {
    if (this.failures.size <= this.maxKeys) return;
    for (const [key, times] of this.failures) {
      const last = times[times.length - 1] ?? 0;
      if (this.failures.size <= this.maxKeys) return;
      if (last <= now - this.windowMs) this.failures.delete(key);
      else break;
    }
    for (const key of this.failures.keys()) {
      if (this.failures.size <= this.maxKeys) return;
      this.failures.delete(key);
    }
  }
}

/**
 * Failed sign-ins are counted per (account, address) pair and per address, never per account
 * alone: whoever fails on an account from elsewhere cannot lock its owner out.
 */
export class LoginThrottle {
  private readonly pairs: FailureWindow;
  private readonly addresses: FailureWindow;

  constructor(options: { windowMs?: number; pairLimit?: number; addressLimit?: number; maxKeys?: number } = {}) {
    const windowMs = options.windowMs ?? THROTTLE_WINDOW_MS;
    const maxKeys = options.maxKeys ?? MAX_KEYS;
    this.pairs = new FailureWindow(options.pairLimit ?? PAIR_FAILURE_LIMIT, windowMs, maxKeys);
    this.addresses = new FailureWindow(options.addressLimit ?? ADDRESS_FAILURE_LIMIT, windowMs, maxKeys);
  }

  /** Seconds to wait before this account may be tried from this address; 0 when allowed. */
  retryAfterSeconds(account: string, address: string, now: Date): number {
    const at = now.getTime();
    const waitMs = Math.max(
      this.pairs.blockedForMs(pairKey(account, address), at),
      this.addresses.blockedForMs(address, at),
    );
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
  }

  recordFailure(account: string, address: string, now: Date): void {
    const at = now.getTime();
    this.pairs.record(pairKey(account, address), at);
    this.addresses.record(address, at);
  }

  recordSuccess(account: string, address: string): void {
    this.pairs.clear(pairKey(account, address));
  }

  /** Keys held, for tests of the memory bound. */
  get trackedKeys(): { pairs: number; addresses: number } {
    return { pairs: this.pairs.size, addresses: this.addresses.size };
  }
}

function pairKey(account: string, address: string): string {
  return `${account}\u0000${address}`;
}

const throttles = new WeakMap<Deps, LoginThrottle>();

/** One throttle per server instance (tests build many servers in one process). */
export function loginThrottleFor(deps: Deps): LoginThrottle {
  let throttle = throttles.get(deps);
  if (!throttle) {
    throttle = new LoginThrottle();
    throttles.set(deps, throttle);
  }
  return throttle;
}
