import type { FastifyBaseLogger } from 'fastify';
import type { CustomerBooking } from '#domain/api/bookings';
import type { Deps } from '../../context.ts';
import { type AgencyContact, findAgencyContact } from '../../repositories/agencies.ts';
import { findStaffRequest } from '../../repositories/booking-requests.ts';
import { mailAfterCommit, type MailMessage } from '../../services/mail.ts';
import { britishDate, cardImageUrl } from './common.ts';

/**
 * After a customer's confirmation of an accepted request is committed (finalize): their booking's
 * confirmation. Sent once: a second finalize of the same request is refused before any write.
 */
export async function mailBookingConfirmed(
  deps: Deps,
  requestId: number,
  booking: CustomerBooking | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  await mailAfterCommit(deps.mailer, log, 'booking confirmation', { requestId }, async () => {
    const found = await findStaffRequest(deps.db, requestId, cardImageUrl(deps));
    if (!found || !booking || !found.request.customer_details.email) return [];
    const agency = await findAgencyContact(deps.db, found.agencyId);
    const person = found.request.customer_details;
    return [
      bookingConfirmedMail(booking, { first_name: person.first_name, email: person.email }, agency ?? null, {
        currency: deps.config.currency,
        publicUrl: deps.config.publicUrl,
      }),
    ];
  });
}

export function bookingConfirmedMail(
  booking: CustomerBooking,
  person: { first_name: string; email: string },
  agency: AgencyContact | null,
  settings: { currency: string; publicUrl: string },
): MailMessage {
  const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: settings.currency });
  const amount = (value: string) => money.format(Number(value));
  const vehicle = `${booking.vehicle_details.make} ${booking.vehicle_details.model}`;
  const agencyName = agency?.name ?? 'the agency';
  return {
    to: person.email,
    subject: `Your booking ${booking.id} for the ${vehicle} is confirmed`,
    text: [
      `Hello ${person.first_name},`,
      '',
      `Your booking with ${agencyName} is confirmed.`,
      '',
      `Booking number: ${booking.id}`,
      `Vehicle: ${vehicle}`,
      `Dates: from ${britishDate(booking.start_date)} ${booking.pickup_time} to ${britishDate(booking.end_date)} ${booking.dropoff_time}`,
      `Pick-up: ${booking.pickup_location ?? `to be agreed with ${agencyName}`}`,
      ...(booking.dropoff_location ? [`Drop-off: ${booking.dropoff_location}`] : []),
      `Amount: ${amount(booking.booking_amount)}`,
      `Deposit: ${amount(booking.booking_deposit)}`,
      '',
      'Bring your driving licence when you collect the vehicle.',
      'Your booking, at any time:',
      `${settings.publicUrl}/customer/bookings/${booking.id}`,
      '',
      ...(agency ? [`Questions? Contact ${agency.name}: ${agency.phone_number}, ${agency.contact_email}.`, ''] : []),
      'Fleet Rental',
    ].join('\n'),
  };
}
