import type { Readable } from 'node:stream';
import { inspectionPhotoParams } from '#domain/schemas/inspection';
import { notFound } from '../../http/errors.ts';
import { sendPrivateFile } from '../../http/private-file.ts';
import { defineRoute } from '../../http/route.ts';
import { findInspectionPhotoKey } from '../../repositories/inspections.ts';
import { readableBooking } from '../../services/booking-access.ts';

const NO_PHOTO = 'Photo not found.';

/**
 * GET bookings/:id/inspections/photos/:photo/: one inspection photo's bytes, to the booking's
 * agency staff and its customer only, never cached; 404 to anyone else.
 */
export const getInspectionPhoto = defineRoute({
  method: 'GET',
  url: 'bookings/:id/inspections/photos/:photo/',
  access: ['staff', 'agency', 'agent', 'customer'],
  params: inspectionPhotoParams,
  async handler({ deps, user, params, reply }): Promise<Readable> {
    const booking = await readableBooking(deps, user, params.id);
    const key = await findInspectionPhotoKey(deps.db, booking.id, params.photo);
    const file = key ? await deps.media.openInspectionPhoto(key) : null;
    if (!file) throw notFound(NO_PHOTO);
    return sendPrivateFile(reply, file, 'image/webp');
  },
});
