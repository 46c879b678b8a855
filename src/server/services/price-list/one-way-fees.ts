import type { OneWayFeeView } from '#domain/api/rate-plan';
import type { OneWayFeeInput } from '#domain/schemas/one-way-fee';
import type { Kysely } from 'kysely';
import type { AuthUser, Deps } from '../../context.ts';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import type { Database } from '../../db/types.ts';
import { locationsOutsideAgency } from '../../repositories/locations.ts';
import {
  deleteOneWayFee,
  findFeeForPair,
  findOneWayFee,
  insertOneWayFee,
  listOneWayFees,
  updateOneWayFee,
} from '../../repositories/one-way-fees.ts';
import type { Page, Paged } from '../../repositories/paging.ts';
import { Conflict, fieldRefusal, Invalid, NotFound } from '../errors.ts';
import { type ReplyKey, storeReplyWithWrite } from '../idempotent-reply.ts';
import { planAgency, writePlan } from '../rate-plan.ts';

export const ONE_WAY_FEE_NOT_FOUND = 'One-way fee not found.';
export const FOREIGN_PICKUP = 'Choose a pickup location of your own agency.';
export const FOREIGN_DROPOFF = 'Choose a dropoff location of your own agency.';
export const PAIR_TAKEN = 'This pickup and dropoff pair already has a fee: change that one.';

const feeNotFound = () => new NotFound(ONE_WAY_FEE_NOT_FOUND);
const pairConflict = () => fieldRefusal(Conflict, 'to_location_id', PAIR_TAKEN);
const LOCATION_REMOVED = 'This location was just removed: choose another.';
const LOCATION_GONE = {
  message: LOCATION_REMOVED,
  fields: { from_location_id: [LOCATION_REMOVED], to_location_id: [LOCATION_REMOVED] },
};

/** Both ends are the agency's own locations (another agency's id reads as unknown). */
async function assertOwnLocations(trx: Kysely<Database>, agencyId: number, input: OneWayFeeInput): Promise<void> {
  const outside = new Set(await locationsOutsideAgency(trx, [input.from_location_id, input.to_location_id], agencyId));
  const from = outside.has(input.from_location_id);
  const to = outside.has(input.to_location_id);
  if (from && to) {
    throw new Invalid('Please correct the 2 highlighted fields.', {
      from_location_id: [FOREIGN_PICKUP],
      to_location_id: [FOREIGN_DROPOFF],
    });
  }
  if (from) throw fieldRefusal(Invalid, 'from_location_id', FOREIGN_PICKUP);
  if (to) throw fieldRefusal(Invalid, 'to_location_id', FOREIGN_DROPOFF);
}

/** One fee per pickup → dropoff pair: another of the agency's for the same pair is a 409. */
async function assertPairFree(trx: Kysely<Database>, agencyId: number, input: OneWayFeeInput, self?: number) {
  const holder = await findFeeForPair(trx, agencyId, input);
  if (holder !== undefined && holder !== self) throw pairConflict();
}

/** Two writes of the same pair at once: the unique index turns the later one away. */
async function onePerPair<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw pairConflict();
    throw error;
  }
}

function feeValues(input: OneWayFeeInput) {
  return { from_location_id: input.from_location_id, to_location_id: input.to_location_id, amount: input.amount };
}

/** The caller's agency's one-way fees, by pickup then dropoff location name. */
export async function listAgencyOneWayFees(deps: Deps, user: AuthUser, page: Page): Promise<Paged<OneWayFeeView>> {
  return listOneWayFees(deps.db, planAgency(user), page);
}

/** Adds a fee for a pair of the caller's locations; the plan's version moves with it. */
export async function createOneWayFee(
  deps: Deps,
  user: AuthUser,
  input: OneWayFeeInput,
  replyKey: ReplyKey | null,
): Promise<OneWayFeeView> {
  const agencyId = planAgency(user);
  return onePerPair(() =>
    writePlan(
      deps,
      agencyId,
      async (trx) => {
        await assertOwnLocations(trx, agencyId, input);
        await assertPairFree(trx, agencyId, input);
        const id = await insertOneWayFee(trx, { ...feeValues(input), agency_id: agencyId });
        const fee = await findOneWayFee(trx, id, agencyId);
        if (!fee) throw feeNotFound();
        await storeReplyWithWrite(trx, replyKey, 201, fee);
        return fee;
      },
      LOCATION_GONE,
    ),
  );
}

/** The whole fee again; another agency's is not found. */
export async function changeOneWayFee(
  deps: Deps,
  user: AuthUser,
  id: number,
  input: OneWayFeeInput,
): Promise<OneWayFeeView> {
  const agencyId = planAgency(user);
  return onePerPair(() =>
    writePlan(
      deps,
      agencyId,
      async (trx) => {
        if (!(await findOneWayFee(trx, id, agencyId))) throw feeNotFound();
        await assertOwnLocations(trx, agencyId, input);
        await assertPairFree(trx, agencyId, input, id);
        await updateOneWayFee(trx, id, feeValues(input));
        const fee = await findOneWayFee(trx, id, agencyId);
        if (!fee) throw feeNotFound();
        return fee;
      },
      LOCATION_GONE,
    ),
  );
}

/** Removes a fee: that pair pays the flat one-way fee again, if the agency has one. */
export async function removeOneWayFee(deps: Deps, user: AuthUser, id: number): Promise<void> {
  const agencyId = planAgency(user);
  await writePlan(deps, agencyId, async (trx) => {
    if (!(await findOneWayFee(trx, id, agencyId))) throw feeNotFound();
    await deleteOneWayFee(trx, id);
  });
}
