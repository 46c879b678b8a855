import { Link, useNavigate, type LinkProps } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { StatusMessage } from '../../../components/status-message.tsx';
import type { Delivery } from '#app/offline/use-outbox-form-submit';

/** Long enough to read the sentence (SPEC §9 waits 2 s after a registration). */
const SENT_REDIRECT_MS = 2_000;
/** The saved-for-later sentence is longer. */
const QUEUED_REDIRECT_MS = 4_000;

/** What the screen says of a request kept on this device, by why it is kept. */
const KEPT_TEXT: Record<Exclude<Delivery, 'sent' | 'retrying'>, string> = {
  offline:
    'You are offline or the server cannot be reached, so your booking request is saved on this device. It will be sent automatically when the connection returns.',
  queued: 'Your booking request is saved on this device and will be sent in a moment.',
  'waiting-for-sign-in':
    'Your booking request is saved on this device. It will be sent automatically when you sign in again.',
};

interface RequestOutcomeProps {
  delivery: Delivery;
  /** What the screen says when the server has the request, e.g. "Booking request submitted successfully!" */
  sentText: string;
  /** The screen's failure sentence (SPEC §8), said when the server failed and the request waits to go again. */
  failedText: string;
  /** Where the user goes next, e.g. `/`. */
  next: LinkProps['to'];
  /** "the vehicles", "your dashboard": completes "Taking you to ...". */
  nextName: string;
  /** The link to go there at once, e.g. "Back to Available Vehicles". */
  nextLabel: string;
  /** Also leave after a request saved for later (the customer's dashboard lists it as waiting). */
  leaveWhenQueued?: boolean;
}

/**
 * Replaces a request form once the outbox has the request: sent, or kept on this device to be
 * sent automatically. Takes the focus, so screen readers read it, then moves on after a pause.
 */
export function RequestOutcome({
  delivery,
  sentText,
  failedText,
  next,
  nextName,
  nextLabel,
  leaveWhenQueued = false,
}: RequestOutcomeProps) {
  const navigate = useNavigate();
  const frame = useRef<HTMLDivElement>(null);
  const leaves = delivery === 'sent' || leaveWhenQueued;

  useEffect(() => {
    frame.current?.focus();
  }, []);

  useEffect(() => {
    if (!leaves) return;
    const timer = setTimeout(
      () => void navigate({ to: next }),
      delivery === 'sent' ? SENT_REDIRECT_MS : QUEUED_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [delivery, leaves, navigate, next]);

  return (
    <div className="request-outcome" ref={frame} tabIndex={-1}>
      {delivery === 'sent' ? (
        <StatusMessage tone="success">{sentText}</StatusMessage>
      ) : (
        <StatusMessage tone="warning">
          {delivery === 'retrying'
            ? `${failedText} It is saved on this device and will be sent again automatically.`
            : KEPT_TEXT[delivery]}
        </StatusMessage>
      )}
      <p className="request-outcome__next">
        {leaves ? <span>Taking you to {nextName}... </span> : null}
        <Link to={next}>{nextLabel}</Link>
      </p>
    </div>
  );
}
