import type { Readable } from 'node:stream';
import { bookingIdParams } from '#domain/schemas/booking';
import { notFound } from '../../http/errors.ts';
import { sendPrivateFile } from '../../http/private-file.ts';
import { defineRoute } from '../../http/route.ts';
import { findAgreementPdf } from '../../repositories/agreements.ts';
import { readableBooking } from '../../services/booking-access.ts';

const NO_PDF = 'The agreement is not signed by both yet: there is no PDF.';

/**
 * GET bookings/:id/agreement/pdf/: the signed agreement's PDF, with the headers of every private
 * file (never cached, sandboxed), to the booking's agency staff and its customer; 404 to anyone else.
 */
export const getAgreementPdfRoute = defineRoute({
  method: 'GET',
  url: 'bookings/:id/agreement/pdf/',
  access: ['staff', 'agency', 'agent', 'customer'],
  params: bookingIdParams,
  async handler({ deps, user, params, reply }): Promise<Readable> {
    const booking = await readableBooking(deps, user, params.id);
    const row = await findAgreementPdf(deps.db, booking.id);
    const file = row ? await deps.media.openAgreementFile(row.object_key) : null;
    if (!file) throw notFound(NO_PDF);
    return sendPrivateFile(reply, file, 'application/pdf', `agreement-${booking.id}.pdf`);
  },
});
