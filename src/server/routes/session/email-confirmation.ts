import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../context.ts';
import {
  confirmationTokensSince,
  countWaitingRequests,
  findEmailState,
  hasOpenConfirmationToken,
  insertConfirmationToken,
} from '../../repositories/email-confirmations.ts';
import { mailAfterCommit, type MailMessage } from '../../services/mail.ts';
import { newOpaqueToken } from '../../services/tokens.ts';

/** A confirmation link works once, for a day: time to open the mail on another device. */
export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;
/** Links per user per hour, as for password reset: enough for a lost mail, too few to flood an inbox. */
export const CONFIRMATION_MAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

export type LinkOutcome =
  | { sent: true; email: string }
  | { sent: false; reason: 'not-customer' | 'confirmed' | 'nothing-waiting' }
  | { sent: false; reason: 'too-many'; retryAfterSeconds: number };

/**
 * E-mails the customer a link that confirms their address, when it is unconfirmed and a
 * visitor's requests from that address wait for an account; at most three an hour.
 */
export async function sendConfirmationLink(deps: Deps, userId: number, log: FastifyBaseLogger): Promise<LinkOutcome> {
  const state = await findEmailState(deps.db, userId);
  if (!state || state.role !== 'customer') return { sent: false, reason: 'not-customer' };
  if (state.confirmed) return { sent: false, reason: 'confirmed' };
  const waiting = await countWaitingRequests(deps.db, state.email);
  if (waiting === 0) return { sent: false, reason: 'nothing-waiting' };
  const now = deps.now();
  const recent = await confirmationTokensSince(deps.db, userId, new Date(now.getTime() - HOUR_MS).toISOString());
  const oldest = recent[0];
  if (oldest !== undefined && recent.length >= CONFIRMATION_MAILS_PER_HOUR) {
    const retryAfterSeconds = (new Date(oldest).getTime() + HOUR_MS - now.getTime()) / 1000;
    return { sent: false, reason: 'too-many', retryAfterSeconds };
  }

  const { token, hash } = newOpaqueToken();
  await insertConfirmationToken(
    deps.db,
    {
      userId,
      email: state.email,
      tokenHash: hash,
      expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS).toISOString(),
    },
    now.toISOString(),
  );
  const link = `${deps.config.publicUrl}/confirm-email?token=${token}`;
  await mailAfterCommit(deps.mailer, log, 'e-mail confirmation', { userId }, async () => [
    confirmationMail(state.email, waiting, link),
  ]);
  return { sent: true, email: state.email };
}

/**
 * After a customer registers or signs in: the link goes out by itself when requests wait and no
 * link sent earlier still works (the dashboard's "Send the link again" sends another). Never
 * fails the sign-in or the registration; a failure is logged.
 */
export async function offerEmailConfirmation(deps: Deps, userId: number, log: FastifyBaseLogger): Promise<void> {
  try {
    const state = await findEmailState(deps.db, userId);
    if (!state || state.role !== 'customer' || state.confirmed) return;
    if (await hasOpenConfirmationToken(deps.db, userId, state.email, deps.now().toISOString())) return;
    await sendConfirmationLink(deps, userId, log);
  } catch (error) {
    log.error({ err: error, userId }, 'e-mail confirmation offer failed');
  }
}

function confirmationMail(email: string, waiting: number, link: string): MailMessage {
  const requests = waiting === 1 ? 'A booking request was' : `${waiting} booking requests were`;
  return {
    to: email,
    subject: 'Confirm your e-mail address for Fleet Rental',
    text: [
      'Hello,',
      '',
      `${requests} sent from this e-mail address before you had a Fleet Rental account.`,
      'To add them to your account, confirm that this address is yours: open this link within 24 hours.',
      link,
      '',
      'The link works once. You can ask for a new one on your dashboard after signing in.',
      '',
      'If you did not create a Fleet Rental account, ignore this message: nothing changes.',
      '',
      'Fleet Rental',
    ].join('\n'),
  };
}
