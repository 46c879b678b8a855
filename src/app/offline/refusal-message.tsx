import type { ReactNode } from 'react';
import { useFocusWhenShown } from '../components/refusal.tsx';
import { StatusMessage } from '../components/status-message.tsx';
import type { Refusal } from './use-outbox-form-submit.ts';
import './refusal-message.css';

interface RefusalMessageProps {
  /** The spec's sentence for the form, e.g. "Failed to submit booking request." */
  title: string;
  refusal: Refusal;
  /** A way forward offered with it (Show clashes…). */
  action?: ReactNode;
}

/**
 * The spec's failure sentence, then what the server said and any field messages no field shows,
 * said once (a message under its field is not repeated here). Put it just before the submit
 * button: it is focused and brought into view there, unless a field took the focus with its message.
 */
export function RefusalMessage({ title, refusal, action }: RefusalMessageProps) {
  const { message, unplaced, placed } = refusal;
  const ref = useFocusWhenShown<HTMLDivElement>(placed ? null : refusal);
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="status-message status-message--error refusal request-refusal">
      <span className="status-message__text">
        <strong className="request-refusal__title">{title}</strong>
        {message && message !== title ? <span className="request-refusal__detail">{message}</span> : null}
        {/* The message sits in a span: one line per message rather than a list, which a span may not hold. */}
        {/* A field message no field shows is often the sentence itself (a 409 on the dates): said once. */}
        {unplaced
          .filter((text) => text !== message)
          .map((text) => (
            <span key={text} className="request-refusal__detail">
              {text}
            </span>
          ))}
      </span>
      {action ? <span className="status-message__action">{action}</span> : null}
    </div>
  );
}

/** Above a request reopened from the sync panel: why it was not sent, in the server's words. */
export function RefusedDraftMessage({ error }: { error: string | null }) {
  return (
    <StatusMessage tone="warning">
      <strong className="request-refusal__title">This request was not sent.</strong>
      {error ? <span className="request-refusal__detail">{error}</span> : null}
      <span className="request-refusal__detail">Change the dates and send it again.</span>
    </StatusMessage>
  );
}
