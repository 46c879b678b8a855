import type { Kysely } from 'kysely';
import type { ReturnCharges } from '#domain/api/return-charges';
import { formatMoney, parseMoney } from '#domain/money';
import { proposeReturnCharges, type ProposedCharge, type ReturnReading } from '#domain/return-charges';
import type { Inspection } from '#domain/api/inspections';
import type { Database } from '../../db/types.ts';
import { depositHeld } from '../../repositories/payments.ts';
import { bookingQuoteLines } from '../../repositories/quote-lines.ts';
import { listBookingDisputes } from '../../repositories/return-charge-disputes.ts';
import {
  findReturnFacts,
  findSettlement,
  listReturnCharges,
  type ReturnFacts,
} from '../../repositories/return-charges.ts';
import { Conflict, NotFound } from '../errors.ts';
import { bookingInspections } from '../inspections/inspection-access.ts';
import { BOOKING_NOT_FOUND } from '../booking-access.ts';

export const NOT_RETURNED = 'The return charges are worked out once the return inspection is recorded.';
export const FINALIZED = 'This return is finalized: its charges can no longer change.';

/** The booking within the caller's scope (any for the operator); another agency's is not found (404). */
export async function returnFactsOf(db: Kysely<Database>, bookingId: number, scope: number | null) {
  const facts = await findReturnFacts(db, bookingId, scope);
  if (!facts) throw new NotFound(BOOKING_NOT_FOUND);
  return facts;
}

const reading = (inspection: Inspection): ReturnReading => ({
  mileage: inspection.mileage,
  fuelEighths: inspection.fuel_eighths,
  damageMarks: inspection.damage_marks,
});

/**
 * What the return proposes (domain/return-charges): its inspection against the pickup one, the
 * booking's stored lines and its agency's terms, the return measured by the device's clock when
 * it was recorded (else the time the server received it). Without a pickup inspection only a late
 * return can be proposed. A conflict (409) before the return inspection is recorded.
 */
export async function proposalOf(
  db: Kysely<Database>,
  facts: ReturnFacts,
  currency: string,
): Promise<{ proposed: ProposedCharge[]; returnedAt: string }> {
  const inspections = await bookingInspections(db, facts.id);
  const returned = inspections.return;
  if (!returned) throw new Conflict(NOT_RETURNED);
  const returnedAt = returned.device_time ?? returned.created_at.slice(0, 16);
  const lines = await bookingQuoteLines(db, facts.id);
  const proposed = proposeReturnCharges({
    booking: {
      startDate: facts.start_date,
      endDate: facts.end_date,
      dropoffTime: facts.dropoff_time,
      lines: lines.map((line) => ({ kind: line.kind, amount: line.amount })),
      bookingAmount: facts.booking_amount + facts.discount_amount,
    },
    terms: {
      mileageAllowancePerDay: facts.mileage_allowance,
      pricePerExtraKm: facts.price_per_extra_km,
      fuelPolicy: facts.fuel_policy,
      fuelPricePerEighth: facts.fuel_price_per_eighth,
      lateGraceMinutes: facts.late_grace_minutes,
      hourlyBasisPoints: facts.hourly_basis_points,
    },
    pickup: inspections.pickup ? reading(inspections.pickup) : reading(returned),
    returned: reading(returned),
    returnedAt,
    currency,
  });
  return { proposed, returnedAt };
}

/** The return's charges as the API sends them: what is still proposed, what was decided, the settlement. */
export async function returnChargesView(
  db: Kysely<Database>,
  facts: ReturnFacts,
  currency: string,
): Promise<ReturnCharges> {
  const [{ proposed, returnedAt }, charges, disputes, settlement, held] = await Promise.all([
    proposalOf(db, facts, currency),
    listReturnCharges(db, facts.id),
    listBookingDisputes(db, facts.id),
    findSettlement(db, facts.id),
    depositHeld(db, facts.id),
  ]);
  const decided = charges.map((charge) => ({
    ...charge,
    disputes: disputes
      .filter((dispute) => dispute.charge_id === charge.id)
      .map(({ charge_id: _, ...dispute }) => dispute),
  }));
  const codes = new Set(decided.map((charge) => charge.code));
  const confirmed = decided
    .filter((charge) => charge.status === 'confirmed')
    .reduce((sum, charge) => sum + (parseMoney(charge.amount) ?? 0), 0);
  return {
    booking: facts.id,
    currency,
    returned_at: returnedAt,
    proposed: settlement
      ? []
      : proposed
          .filter((charge) => !codes.has(charge.code))
          .map((charge) => ({
            code: charge.code,
            kind: charge.kind,
            label: charge.label,
            working: charge.working,
            quantity: charge.quantity,
            unit_amount: charge.unitAmount === null ? null : formatMoney(charge.unitAmount),
            amount: charge.amount === null ? null : formatMoney(charge.amount),
            mark: charge.mark,
          })),
    decided,
    confirmed_total: formatMoney(confirmed),
    deposit_held: formatMoney(held),
    settlement: settlement ?? null,
  };
}
