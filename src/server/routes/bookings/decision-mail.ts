import type { StaffBookingRequest } from '#domain/api/booking-requests';
import { dayMonthTimeUtc } from '#domain/request-hold';
import type { AgencyContact } from '../../repositories/agencies.ts';
import type { MailMessage } from '../../services/mail.ts';
import { britishDate } from '../../services/booking-refusals.ts';

export type Decision = 'accepted' | 'declined';

/**
 * The mail that tells the person who asked what the agency decided. A customer with an account
 * confirms an accepted request in the app; a visitor's request has no account to confirm it with,
 * so the mail says how to reach the agency, which arranges the booking with them.
 */
export function decisionMail(
  request: StaffBookingRequest,
  decision: Decision,
  agency: AgencyContact,
  publicUrl: string,
): MailMessage {
  const { customer_details: person, vehicle_details: vehicle } = request;
  const vehicleName = `${vehicle.make} ${vehicle.model}`;
  const dates = `from ${britishDate(request.start_date)} to ${britishDate(request.end_date)}`;
  const notes = request.staff_notes?.trim() ? [`A note from ${agency.name}:`, request.staff_notes.trim(), ''] : [];
  const reachAgency = `${agency.name}: ${agency.phone_number}, ${agency.contact_email}`;

  const next =
    decision === 'declined'
      ? [
          'You are welcome to ask for other dates or another vehicle:',
          `${publicUrl}/`,
          '',
          `Questions? Contact ${reachAgency}.`,
        ]
      : request.customer !== null
        ? [
            ...(request.hold_until
              ? [
                  `The vehicle is kept for you until ${dayMonthTimeUtc(request.hold_until)}: please confirm by then.`,
                  '',
                ]
              : []),
            "To confirm the booking, open this link and follow the three steps (driver's license, payment, your details):",
            `${publicUrl}/customer/booking-requests/${request.id}/confirm`,
            '',
            'Sign in with your Fleet Rental account if you are asked to.',
          ]
        : [
            `To go ahead with the booking, contact ${reachAgency}, quoting booking request number ${request.id}.`,
            `They may also contact you at ${person.phone_number || person.email}.`,
          ];

  return {
    to: person.email,
    subject:
      decision === 'accepted'
        ? `Your booking request for the ${vehicleName} was accepted`
        : `Your booking request for the ${vehicleName} was declined`,
    text: [
      `Hello ${person.first_name},`,
      '',
      decision === 'accepted'
        ? `Good news: ${agency.name} has accepted your booking request for the ${vehicleName} ${dates}.`
        : `We are sorry: ${agency.name} has declined your booking request for the ${vehicleName} ${dates}.`,
      '',
      ...notes,
      ...next,
      '',
      'Fleet Rental',
    ].join('\n'),
  };
}
