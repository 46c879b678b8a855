import type { FastifyBaseLogger } from 'fastify';
import type { StaffBookingRequest } from '#domain/api/booking-requests';
import type { Deps } from '../../context.ts';
import { type AgencyContact, findAgencyMailbox } from '../../repositories/agencies.ts';
import { findStaffRequest } from '../../repositories/booking-requests.ts';
import { mailAfterCommit, type MailMessage } from '../../services/mail.ts';
import { britishDate, cardImageUrl } from './common.ts';

/**
 * After a new request is committed: the agency is told (its Settings e-mail, else its owner's),
 * and a visitor gets a receipt with the request's number. Called once per stored request, never
 * for a replay (the idempotency plugin answers those without running the route).
 */
export async function mailRequestArrival(deps: Deps, requestId: number, log: FastifyBaseLogger): Promise<void> {
  await mailAfterCommit(deps.mailer, log, 'booking request arrival', { requestId }, async () => {
    const found = await findStaffRequest(deps.db, requestId, cardImageUrl(deps));
    if (!found) return [];
    const agency = await findAgencyMailbox(deps.db, found.agencyId);
    const messages: MailMessage[] = [];
    if (agency) messages.push(agencyMail(found.request, agency, deps.config.publicUrl));
    else log.warn({ requestId }, 'new booking request not mailed to the agency: no address');
    if (found.request.customer === null && found.request.customer_details.email) {
      messages.push(visitorReceipt(found.request, agency ?? null, deps.config.publicUrl));
    }
    return messages;
  });
}

const vehicleName = (request: StaffBookingRequest) =>
  `${request.vehicle_details.make} ${request.vehicle_details.model}`;

const datesOf = (request: StaffBookingRequest) =>
  `from ${britishDate(request.start_date)} ${request.pickup_time} to ${britishDate(request.end_date)} ${request.dropoff_time}`;

/** The agency's notice of a new request: what, when, who, and the link to review it. */
export function agencyMail(
  request: StaffBookingRequest,
  agency: AgencyContact & { mailbox: string },
  publicUrl: string,
): MailMessage {
  const person = request.customer_details;
  const who = request.customer === null ? 'a visitor without an account' : 'a customer with an account';
  const places = [
    ...(request.pickup_location ? [`Pick-up: ${request.pickup_location.name}`] : []),
    ...(request.dropoff_location ? [`Drop-off: ${request.dropoff_location.name}`] : []),
  ];
  return {
    to: agency.mailbox,
    subject: `New booking request ${request.id}: ${vehicleName(request)}, ${britishDate(request.start_date)} to ${britishDate(request.end_date)}`,
    text: [
      `Hello ${agency.name},`,
      '',
      `A new booking request has arrived from ${who}.`,
      '',
      `Request number: ${request.id}`,
      `Vehicle: ${vehicleName(request)} (${request.vehicle_details.registration_number})`,
      `Dates: ${datesOf(request)}`,
      ...places,
      `Name: ${person.first_name} ${person.last_name}`.trimEnd(),
      `Phone: ${person.phone_number || 'not given'}`,
      `E-mail: ${person.email || 'not given'}`,
      ...(request.message?.trim() ? ['', 'Their message:', request.message.trim()] : []),
      '',
      'To accept or decline it, open:',
      `${publicUrl}/booking-requests/${request.id}`,
      '',
      'Fleet Rental',
    ].join('\n'),
  };
}

/** A visitor's receipt: the number to quote, what was asked, and what happens next. */
export function visitorReceipt(
  request: StaffBookingRequest,
  agency: (AgencyContact & { mailbox: string }) | null,
  publicUrl: string,
): MailMessage {
  const agencyName = agency?.name ?? 'The agency';
  const contact = agency ? [`Questions? Contact ${agency.name}: ${agency.phone_number}, ${agency.mailbox}.`, ''] : [];
  return {
    to: request.customer_details.email,
    subject: `Your booking request ${request.id} for the ${vehicleName(request)} was received`,
    text: [
      `Hello ${request.customer_details.first_name},`,
      '',
      `Thank you: ${agency?.name ?? 'the agency'} has your booking request for the ${vehicleName(request)} ${datesOf(request)}.`,
      '',
      `Your booking request number is ${request.id}. Quote it if you contact the agency.`,
      '',
      'What happens next:',
      `${agencyName} checks that the vehicle is free and accepts or declines your request. We e-mail you their answer at this address.`,
      'Nothing is booked and nothing is paid until then.',
      '',
      'To follow your requests online, create an account with this e-mail address:',
      `${publicUrl}/register-customer`,
      'We then e-mail you a link: once you open it, this request appears under Booking Requests.',
      '',
      ...contact,
      'Fleet Rental',
    ].join('\n'),
  };
}
