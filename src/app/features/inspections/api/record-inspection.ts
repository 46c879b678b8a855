import type { DamageMark, InspectionKind } from '#domain/schemas/inspection';
import { PHOTOS_FIELD } from '#domain/schemas/inspection';
import { localIsoDateTime } from '#domain/dates';
import type { OutboxRequest } from '../../../offline/outbox.ts';
import { bookingKeys, staffVehicleKeys } from '#app/lib/query-keys';

export interface InspectionDraft {
  bookingId: number;
  kind: InspectionKind;
  mileage: string;
  fuelEighths: string;
  marks: readonly DamageMark[];
  notes: string;
  /** At pickup: why the car is handed over without a signed agreement ('' for none). */
  noAgreementReason: string;
  /** Already resized on the device (JPEG). */
  photos: readonly Blob[];
  label: string;
}

/** The outbox target of a booking's inspections: shown on its screen while they wait to be sent. */
export const inspectionTarget = (bookingId: number) => `booking:${bookingId}`;

/**
 * POST bookings/{id}/inspections/{kind}/ (multipart) through the outbox: kept on the tablet with
 * its photos as Blobs when there is no signal, and sent once (its entry id is the Idempotency-Key).
 */
export function inspectionRequest(draft: InspectionDraft): OutboxRequest {
  return {
    kind: 'inspection',
    target: inspectionTarget(draft.bookingId),
    method: 'POST',
    url: `bookings/${draft.bookingId}/inspections/${draft.kind}/`,
    form: {
      fields: {
        mileage: draft.mileage.trim(),
        fuel_eighths: draft.fuelEighths,
        damage_marks: JSON.stringify(draft.marks),
        notes: draft.notes,
        // The desk's clock now, not when the outbox sends it: a late return is measured by it.
        device_time: localIsoDateTime(),
        ...(draft.noAgreementReason.trim() ? { no_agreement_reason: draft.noAgreementReason.trim() } : {}),
      },
      files: { [PHOTOS_FIELD]: [...draft.photos] },
      fileNames: { [PHOTOS_FIELD]: draft.photos.map((_, index) => `${draft.kind}-${index + 1}.jpg`) },
    },
    // The booking moves on (every booking list, and its agreement now includes the pickup
    // inspection) and a return raises the vehicle's mileage.
    invalidate: [bookingKeys.all, staffVehicleKeys.all],
    label: draft.label,
  };
}

/** The inspection kind an outbox entry of this feature records, read back from its URL. */
export function entryKind(url: string): InspectionKind | undefined {
  const match = /\/inspections\/(pickup|return)\/$/.exec(url);
  return match?.[1] === 'pickup' || match?.[1] === 'return' ? match[1] : undefined;
}
