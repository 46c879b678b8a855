import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../context.ts';
import { findRequestMailFacts, type RequestMailFacts } from '../../repositories/request-mail-facts.ts';
import { mailAfterCommit, type MailMessage } from '../../services/mail.ts';
import { britishDate } from '../../services/booking-refusals.ts';

/**
 * After a new request is committed: the agency is told (its Settings e-mail, else its owner's),
 * and a visitor gets a receipt with the request's number. Called once per stored request, never
 * for a replay (the idempotency plugin answers those without running the route).
 */
export async function mailRequestArrival(deps: Deps, requestId: number, log: FastifyBaseLogger): Promise<void> {
  await mailAfterCommit(deps.mailer, log, 'booking request arrival', { requestId }, async () => {
    const facts = await findRequestMailFacts(deps.db, requestId);
    if (!facts) return [];
    const messages: MailMessage[] = [];
    if (facts.agency.mailbox) messages.push(agencyMail(facts, facts.agency.mailbox, deps.config.publicUrl));
    else log.warn({ requestId }, 'new booking request not mailed to the agency: no address');
    if (facts.fromVisitor && facts.person.email) messages.push(visitorReceipt(facts, deps.config.publicUrl));
    return messages;
  });
}

const vehicleName = (facts: RequestMailFacts) => `${facts.vehicle.make} ${facts.vehicle.model}`;

const datesOf = (facts: RequestMailFacts) =>
  `from ${britishDate(facts.start_date)} ${facts.pickup_time} to ${britishDate(facts.end_date)} ${facts.dropoff_time}`;

/** The agency's notice of a new request: what, when, who, and the link to review it. */
export function agencyMail(facts: RequestMailFacts, mailbox: string, publicUrl: string): MailMessage {
  const { person } = facts;
  const who = facts.fromVisitor ? 'a visitor without an account' : 'a customer with an account';
  return {
    to: mailbox,
    subject: `New booking request ${facts.id}: ${vehicleName(facts)}, ${britishDate(facts.start_date)} to ${britishDate(facts.end_date)}`,
    text: [
      `Hello ${facts.agency.name},`,
      '',
      `A new booking request has arrived from ${who}.`,
      '',
      `Request number: ${facts.id}`,
      `Vehicle: ${vehicleName(facts)} (${facts.vehicle.registration_number})`,
      `Dates: ${datesOf(facts)}`,
      ...(facts.pickup_location ? [`Pickup: ${facts.pickup_location}`] : []),
      ...(facts.dropoff_location ? [`Dropoff: ${facts.dropoff_location}`] : []),
      `Name: ${person.first_name} ${person.last_name}`.trimEnd(),
      `Phone: ${person.phone_number || 'not given'}`,
      `E-mail: ${person.email || 'not given'}`,
      ...(facts.message?.trim() ? ['', 'Their message:', facts.message.trim()] : []),
      '',
      'To accept or decline it, open:',
      `${publicUrl}/booking-requests/${facts.id}`,
      '',
      'Fleet Rental',
    ].join('\n'),
  };
}

/** A visitor's receipt: the number to quote, what was asked, and what happens next. */
export function visitorReceipt(facts: RequestMailFacts, publicUrl: string): MailMessage {
  const { agency } = facts;
  const reach = agency.mailbox ? `${agency.phone_number}, ${agency.mailbox}` : agency.phone_number;
  return {
    to: facts.person.email,
    subject: `Your booking request ${facts.id} for the ${vehicleName(facts)} was received`,
    text: [
      `Hello ${facts.person.first_name},`,
      '',
      `Thank you: ${agency.name} has your booking request for the ${vehicleName(facts)} ${datesOf(facts)}.`,
      '',
      `Your booking request number is ${facts.id}. Quote it if you contact the agency.`,
      '',
      'What happens next:',
      `${agency.name} checks that the vehicle is free and accepts or declines your request. We e-mail you their answer at this address.`,
      'Nothing is booked and nothing is paid until then.',
      '',
      'To follow your requests online, create an account with this e-mail address:',
      `${publicUrl}/register-customer`,
      'We then e-mail you a link: once you open it, this request appears under Booking Requests.',
      '',
      `Questions? Contact ${agency.name}: ${reach}.`,
      '',
      'Fleet Rental',
    ].join('\n'),
  };
}
