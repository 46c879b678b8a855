import type { Kysely } from 'kysely';
import type { RatePlan } from '#domain/rate-plan';
import { ratePlanFromView } from '#domain/rate-plan-view';
import type { Deps } from '../../context.ts';
import type { Database } from '../../db/types.ts';
import { ratePlanOf } from '../rate-plan.ts';

interface Slot {
  version: number;
  plan: Promise<RatePlan>;
}

/** Bounds the memory: the plans of this many agencies at most, the least recently loaded dropped first. */
const MAX_PLANS_PER_DATABASE = 256;

/**
 * The rate plans quotes are priced with, kept per process between requests: reading a plan is
 * eight queries, a quote otherwise none of them (bench:api, POST quotes/). Whether a kept plan is
 * current is decided by the agency's `rate_plan_version`, which the caller has just read with the
 * vehicle: every change to a plan bumps it in its own transaction (services/rate-plan.ts
 * writePlan, the tax rate in update-agency), so a change through any process is seen at once.
 * The version is read before the plan is loaded, so a plan kept for version V holds at least V's
 * data, never older. Keyed by database like the public list's pages (tests run several apps in
 * one process); inside a transaction (a request priced as it is stored) the transaction is the key,
 * so nothing kept outlives it.
 */
const caches = new WeakMap<Kysely<Database>, Map<number, Slot>>();

/** The agency's plan as the quote reads it, at least as new as `version`; concurrent misses share one load. */
export function pricingPlan(deps: Deps, agencyId: number, version: number): Promise<RatePlan> {
  let plans = caches.get(deps.db);
  if (!plans) {
    plans = new Map();
    caches.set(deps.db, plans);
  }
  const slot = plans.get(agencyId);
  // A plan newer than the version read here is newer still: a slower request may use it.
  if (slot && slot.version >= version) return slot.plan;

  const loading = ratePlanOf(deps, agencyId).then(ratePlanFromView);
  const own = plans;
  own.delete(agencyId);
  own.set(agencyId, { version, plan: loading });
  if (own.size > MAX_PLANS_PER_DATABASE) {
    const oldest = own.keys().next();
    if (!oldest.done) own.delete(oldest.value);
  }
  loading.catch(() => {
    if (own.get(agencyId)?.plan === loading) own.delete(agencyId);
  });
  return loading;
}
