import type { FastifyBaseLogger } from 'fastify';
import type { CustomerBooking } from '#domain/api/bookings';
import type { Deps } from '../../context.ts';
import { findRequestMailFacts, type RequestMailFacts } from '../../repositories/request-mail-facts.ts';
import { mailAfterCommit, type MailMessage } from '../../services/mail.ts';
import { britishDate } from '../../services/booking-refusals.ts';
import { customerBookingPath } from '#domain/page-paths';

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
    const facts = await findRequestMailFacts(deps.db, requestId);
    if (!facts || !booking || !facts.person.email) return [];
    return [
      bookingConfirmedMail(booking, facts.person, facts.agency, {
        currency: deps.config.currency,
        publicUrl: deps.config.publicUrl,
      }),
    ];
  });
}

export function bookingConfirmedMail(
  booking: CustomerBooking,
  person: { first_name: string; email: string },
  agency: RequestMailFacts['agency'],
  settings: { currency: string; publicUrl: string },
): MailMessage {
  const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: settings.currency });
  const amount = (value: string) => money.format(Number(value));
  const vehicle = `${booking.vehicle_details.make} ${booking.vehicle_details.model}`;
  const bookingPage = `${settings.publicUrl}${customerBookingPath(booking.id)}`;
  const reach = agency.mailbox ? `${agency.phone_number}, ${agency.mailbox}` : agency.phone_number;
  return {
    to: person.email,
    subject: `Your booking ${booking.id} for the ${vehicle} is confirmed`,
    text: [
      `Hello ${person.first_name},`,
      '',
      `Your booking with ${agency.name} is confirmed.`,
      '',
      `Booking number: ${booking.id}`,
      `Vehicle: ${vehicle}`,
      `Dates: from ${britishDate(booking.start_date)} ${booking.pickup_time} to ${britishDate(booking.end_date)} ${booking.dropoff_time}`,
      `Pickup: ${booking.pickup_location ?? `to be agreed with ${agency.name}`}`,
      ...(booking.dropoff_location ? [`Dropoff: ${booking.dropoff_location}`] : []),
      `Amount: ${amount(booking.booking_amount)}`,
      `Deposit: ${amount(booking.booking_deposit)}`,
      '',
      "Bring your driver's license when you collect the vehicle.",
      `Read and sign your rental agreement before pickup: ${bookingPage}`,
      '',
      'Your booking, at any time:',
      bookingPage,
      '',
      `Questions? Contact ${agency.name}: ${reach}.`,
      '',
      'Fleet Rental',
    ].join('\n'),
  };
}
