import * as v from 'valibot';
import type { AgreementContent } from '#domain/agreement';
import { inspectionSchema, PHOTOS_FIELD } from '#domain/schemas/inspection';
import type { OutboxEntry } from '../../../offline/outbox.ts';

/** A pickup inspection kept on this device, as the agreement's content includes it. */
export interface QueuedPickupInspection {
  inspection: NonNullable<AgreementContent['pickup_inspection']>;
  /** Staff gave the reason for handing over without a signed agreement. */
  withoutAgreement: boolean;
}

const PICKUP_URL = /\/inspections\/pickup\/$/;

/**
 * The pickup inspection waiting in this booking's outbox entries (an inspection's outbox entry,
 * not yet refused), read as the server will record it: the same schema parses its fields, and its
 * photos are counted. The tablet shows and signs the agreement with it, so the signatures sent
 * after it (in order, the same outbox target) match the content the server has by then.
 */
export function queuedPickupInspection(entries: readonly OutboxEntry[]): QueuedPickupInspection | null {
  for (const entry of entries) {
    const { request } = entry;
    if (entry.state === 'attention' || entry.state === 'conflict') continue;
    if (request.kind !== 'inspection' || !PICKUP_URL.test(request.url) || !request.form) continue;
    const parsed = v.safeParse(inspectionSchema, request.form.fields);
    if (!parsed.success) continue;
    const { mileage, fuel_eighths, damage_marks, no_agreement_reason } = parsed.output;
    return {
      inspection: {
        mileage,
        fuel_eighths,
        damage_marks: damage_marks.map((mark) => ({ x: mark.x, y: mark.y, note: mark.note })),
        photos: request.form.files[PHOTOS_FIELD]?.length ?? 0,
      },
      withoutAgreement: no_agreement_reason !== null,
    };
  }
  return null;
}
