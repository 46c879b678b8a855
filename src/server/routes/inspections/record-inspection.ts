import type { RecordedInspection } from '#domain/api/inspections';
import {
  inspectionParams,
  inspectionSchema,
  INSPECTION_PHOTO_MAX_BYTES,
  MAX_INSPECTION_PHOTOS,
  PHOTOS_FIELD,
} from '#domain/schemas/inspection';
import { defineRoute } from '../../http/route.ts';
import { staffBooking } from '../../services/booking-access.ts';
import { recordInspection as record } from '../../services/inspections/record-inspection.ts';

const PHOTO_LIMITS = {
  [PHOTOS_FIELD]: {
    maxFiles: MAX_INSPECTION_PHOTOS,
    maxBytes: INSPECTION_PHOTO_MAX_BYTES,
    tooMany: `Add at most ${MAX_INSPECTION_PHOTOS} photos to an inspection.`,
    tooLarge: `A photo may be at most ${INSPECTION_PHOTO_MAX_BYTES / (1024 * 1024)} MB.`,
  },
};

/**
 * POST bookings/:id/inspections/pickup/ and …/return/ (multipart: mileage, fuel_eighths,
 * damage_marks as JSON, notes, photos): records what was seen at the car and moves the booking
 * through the same step as pickup/ or return/ (services/inspections/record-inspection). One
 * inspection of each kind per booking (409).
 */
export const recordInspection = defineRoute({
  method: 'POST',
  url: 'bookings/:id/inspections/:kind/',
  access: ['staff', 'agency', 'agent'],
  params: inspectionParams,
  body: inspectionSchema,
  files: PHOTO_LIMITS,
  async guard({ deps, user, params }) {
    await staffBooking(deps, user, params.id);
  },
  async handler({ deps, user, params, body, files, request }): Promise<RecordedInspection> {
    return record(deps, user, {
      bookingId: params.id,
      kind: params.kind,
      input: body,
      photos: files[PHOTOS_FIELD] ?? [],
      replyKey: request.idempotencyClaim,
      log: request.log,
    });
  },
});
