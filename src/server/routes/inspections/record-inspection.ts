import type { RecordedInspection } from '#domain/api/inspections';
import {
  inspectionParams,
  inspectionSchema,
  INSPECTION_PHOTO_MAX_BYTES,
  MAX_INSPECTION_PHOTOS,
  PHOTOS_FIELD,
  type InspectionKind,
} from '#domain/schemas/inspection';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { conflict, fieldError } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { storeReplyWithWrite } from '../../plugins/idempotency-commit.ts';
import { markPickedUp, NOT_STARTED, returnWithin } from '../../repositories/booking-progress.ts';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import { getStaffBooking } from '../../repositories/bookings.ts';
import { inspectionMileage, insertInspection, type InspectionBooking } from '../../repositories/inspections.ts';
import { removeQuietly } from '../../services/media/remove-quietly.ts';
import { bookingInspections, KIND_WORDS, staffInspectionBooking } from './inspection-access.ts';

const PHOTO_LIMITS = {
  [PHOTOS_FIELD]: {
    maxFiles: MAX_INSPECTION_PHOTOS,
    maxBytes: INSPECTION_PHOTO_MAX_BYTES,
    tooMany: `Add at most ${MAX_INSPECTION_PHOTOS} photos to an inspection.`,
    tooLarge: `A photo may be at most ${INSPECTION_PHOTO_MAX_BYTES / (1024 * 1024)} MB.`,
  },
};

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

const alreadyRecorded = (kind: InspectionKind) =>
  `A ${KIND_WORDS[kind]} inspection is already recorded for this booking; it cannot be recorded twice.`;

/** The booking moves with the inspection: picked up (active), or returned (completed, mileage). */
function moveBooking(
  trx: Kysely<Database>,
  booking: InspectionBooking,
  kind: InspectionKind,
  mileage: number,
  now: string,
) {
  return kind === 'pickup'
    ? markPickedUp(trx, booking.id)
    : returnWithin(trx, { id: booking.id, vehicleId: booking.vehicleId }, mileage, now);
}

/**
 * POST bookings/:id/inspections/pickup/ and …/return/ (multipart: mileage, fuel_eighths,
 * damage_marks as JSON, notes, photos): records what was seen at the car and moves the booking
 * through the same step as pickup/ or return/. Photos are re-encoded and stored first; the
 * inspection, its photos and the booking's step are then written in one transaction, and the
 * photos are removed again if that fails. One inspection of each kind per booking (409).
 */
export const recordInspection = defineRoute({
  method: 'POST',
  url: 'bookings/:id/inspections/:kind/',
  access: ['staff', 'agency', 'agent'],
  params: inspectionParams,
  body: inspectionSchema,
  files: PHOTO_LIMITS,
  async guard({ deps, user, params }) {
    await staffInspectionBooking(deps, user, params.id);
  },
  async handler({ deps, user, params, body, files, request }) {
    const { kind } = params;
    // Read again after the body: the upload took time, and the booking may have moved meanwhile.
    const booking = await staffInspectionBooking(deps, user, params.id);
    // Refused before any photo is decoded or stored.
    if ((await inspectionMileage(deps.db, booking.id, kind)) !== undefined) throw conflict(alreadyRecorded(kind));
    if (!STEPS[kind].from.includes(booking.status)) throw conflict(STEPS[kind].refusal(booking.status));
    if (kind === 'return') {
      const atPickup = await inspectionMileage(deps.db, booking.id, 'pickup');
      if (atPickup !== undefined && body.mileage < atPickup) {
        throw fieldError(400, 'mileage', `Mileage at return cannot be below the ${atPickup} km read at pickup.`);
      }
    }

    const photos = await deps.media.storeInspectionPhotos(files[PHOTOS_FIELD] ?? [], PHOTOS_FIELD);
    const now = deps.now().toISOString();
    try {
      return await deps.db.transaction().execute(async (trx) => {
        await insertInspection(
          trx,
          {
            bookingId: booking.id,
            agencyId: booking.agencyId,
            kind,
            mileage: body.mileage,
            fuelEighths: body.fuel_eighths,
            damageMarks: JSON.stringify(body.damage_marks),
            notes: body.notes,
            recordedBy: user.id,
            now,
          },
          photos,
        );
        if (!(await moveBooking(trx, booking, kind, body.mileage, now))) {
          const current = await getStaffBooking(trx, booking.id);
          throw conflict(STEPS[kind].refusal(current.booking_status));
        }
        const inspections = await bookingInspections(trx, booking.id);
        const reply: RecordedInspection = {
          inspection: inspections[kind] ?? unreachable(),
          booking: await getStaffBooking(trx, booking.id),
        };
        // Stored with the write, so a replay after a lost reply gets this one (plugins/idempotency-commit).
        await storeReplyWithWrite(trx, request, 201, reply);
        return reply;
      });
    } catch (error) {
      await removeQuietly(request.log, 'the photos of an inspection not recorded', () =>
        deps.media.removeInspectionPhotos(photos.map((photo) => photo.key)),
      );
      // Another tablet recorded the same inspection between the check and this write.
      if (isUniqueViolation(error)) throw conflict(alreadyRecorded(kind));
      throw error;
    }
  },
});

function unreachable(): never {
  throw new Error('The inspection just inserted was not read back.');
}
