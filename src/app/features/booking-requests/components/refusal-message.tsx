import { useEffect, useRef } from 'react';
import { StatusMessage } from '../../../components/status-message.tsx';
import type { Refusal } from '../use-outbox-form-submit.ts';

interface RefusalMessageProps {
  /** The spec's sentence for the form, e.g. "Failed to submit booking request." */
  title: string;
  refusal: Refusal;
}

/**
 * The spec's failure sentence, then what the server said and any field messages no field shows.
 * Brought into view when no field took the focus: the submit button is far below it on a phone.
 */
export function RefusalMessage({ title, refusal }: RefusalMessageProps) {
  const { message, unplaced, placed } = refusal;
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!placed) frame.current?.scrollIntoView({ block: 'center' });
  }, [refusal, placed]);
  return (
    <div ref={frame} className="request-refusal">
      <StatusMessage tone="error">
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
      </StatusMessage>
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
