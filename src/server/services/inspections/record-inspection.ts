import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { RecordedInspection } from '#domain/api/inspections';
import {
  type InspectionInput,
  type InspectionKind,
  NO_AGREEMENT_REASON_FIELD,
  PHOTOS_FIELD,
} from '#domain/schemas/inspection';
import type { AuthUser, Deps } from '../../context.ts';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import type { Database } from '../../db/types.ts';
import { markPickedUp, NOT_STARTED, returnWithin } from '../../repositories/booking-progress.ts';
import { listSignatures, setNoAgreementReason } from '../../repositories/agreements.ts';
import { getStaffBooking } from '../../repositories/bookings.ts';
import type { BookingAccess } from '../../repositories/booking-access.ts';
import { inspectionMileage, insertInspection } from '../../repositories/inspections.ts';
import type { UploadedFile } from '../images.ts';
import { isSigned } from '../agreements/booking-agreement.ts';
import { Conflict, fieldRefusal, Invalid } from '../errors.ts';
import { type ReplyKey, storeReplyWithWrite } from '../idempotent-reply.ts';
import { removeQuietly } from '../media/remove-quietly.ts';
import { staffBooking } from '../booking-access.ts';
import { bookingInspections, KIND_WORDS } from './inspection-access.ts';

/** The booking's status each inspection needs, and what is said when it is in another. */
const STEPS: Record<InspectionKind, { from: readonly string[]; refusal: (status: string) => string }> = {
  pickup: {
    from: NOT_STARTED,
    refusal: (status) => `This booking is ${status}: only a pending or confirmed booking can be picked up.`,
  },
  return: {
    from: ['active'],
    refusal: (status) => `This booking is ${status}: only an active booking can be returned.`,
  },
};

export const REASON_AT_PICKUP_ONLY = 'A reason for going without a signed agreement is given only at pickup.';

const alreadyRecorded = (kind: InspectionKind) =>
  `A ${KIND_WORDS[kind]} inspection is already recorded for this booking; it cannot be recorded twice.`;

/**
 * The booking moves with the inspection. A return completes it (mileage). A pickup makes it active
 * only when its agreement is signed by both or staff gave the reason for going without, which is
 * kept (decision 050); otherwise it stays as it was and the staff countersignature picks it up.
 * True when the booking is where it should be now.
 */
async function moveBooking(
  trx: Kysely<Database>,
  booking: BookingAccess,
  kind: InspectionKind,
  input: InspectionInput,
  now: string,
): Promise<boolean> {
  if (kind === 'return') return returnWithin(trx, { id: booking.id, vehicleId: booking.vehicleId }, input.mileage, now);
  const signed = isSigned(await listSignatures(trx, booking.id));
  if (!signed && !input.no_agreement_reason) {
    // Waits for the agreement: still the status an inspection was recorded in, unless it moved meanwhile.
    const current = await getStaffBooking(trx, booking.id);
    return (NOT_STARTED as readonly string[]).includes(current.booking_status);
  }
  const moved = await markPickedUp(trx, booking.id);
  if (moved && !signed && input.no_agreement_reason) {
    await setNoAgreementReason(trx, booking.id, input.no_agreement_reason);
  }
  return moved;
}

/**
 * Records what was seen at the car and moves the booking through the same step as pickup/ (when
 * its agreement allows, see moveBooking) or return/. Photos are re-encoded and stored first; the inspection, its photos, the booking's step
 * and the reply (for a replayed Idempotency-Key) are then written in one transaction, and the
 * photos are removed again if that fails. One inspection of each kind per booking (a conflict, 409).
 */
export async function recordInspection(
  deps: Deps,
  user: AuthUser,
  call: {
    bookingId: number;
    kind: InspectionKind;
    input: InspectionInput;
    photos: UploadedFile[];
    replyKey: ReplyKey | null;
    log: FastifyBaseLogger;
  },
): Promise<RecordedInspection> {
  const { kind, input } = call;
  // Read again after the body: the upload took time, and the booking may have moved meanwhile.
  const booking = await staffBooking(deps, user, call.bookingId);
  // Refused before any photo is decoded or stored.
  if ((await inspectionMileage(deps.db, booking.id, kind)) !== undefined) throw new Conflict(alreadyRecorded(kind));
  if (!STEPS[kind].from.includes(booking.status)) throw new Conflict(STEPS[kind].refusal(booking.status));
  if (kind === 'return' && input.no_agreement_reason) {
    throw fieldRefusal(Invalid, NO_AGREEMENT_REASON_FIELD, REASON_AT_PICKUP_ONLY);
  }
  if (kind === 'return') {
    const atPickup = await inspectionMileage(deps.db, booking.id, 'pickup');
    if (atPickup !== undefined && input.mileage < atPickup) {
      throw fieldRefusal(Invalid, 'mileage', `Mileage at return cannot be below the ${atPickup} km read at pickup.`);
    }
  }

  const photos = await deps.media.storeInspectionPhotos(call.photos, PHOTOS_FIELD);
  const now = deps.now().toISOString();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      await insertInspection(
        trx,
        {
          bookingId: booking.id,
          agencyId: booking.agencyId,
          kind,
          mileage: input.mileage,
          fuelEighths: input.fuel_eighths,
          damageMarks: JSON.stringify(input.damage_marks),
          notes: input.notes,
          recordedBy: user.id,
          now,
          deviceTime: input.device_time,
        },
        photos,
      );
      if (!(await moveBooking(trx, booking, kind, input, now))) {
        const current = await getStaffBooking(trx, booking.id);
        throw new Conflict(STEPS[kind].refusal(current.booking_status));
      }
      const inspections = await bookingInspections(trx, booking.id);
      const reply: RecordedInspection = {
        inspection: inspections[kind] ?? unreachable(),
        booking: await getStaffBooking(trx, booking.id),
      };
      await storeReplyWithWrite(trx, call.replyKey, 201, reply);
      return reply;
    });
  } catch (error) {
    await removeQuietly(call.log, 'the photos of an inspection not recorded', () =>
      deps.media.removeInspectionPhotos(photos.map((photo) => photo.key)),
    );
    // Another tablet recorded the same inspection between the check and this write.
    if (isUniqueViolation(error)) throw new Conflict(alreadyRecorded(kind));
    throw error;
  }
}

function unreachable(): never {
  throw new Error('The inspection just inserted was not read back.');
}
