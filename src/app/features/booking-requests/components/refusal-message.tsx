import { StatusMessage } from '../../../components/status-message.tsx';
import type { Refusal } from '../use-outbox-form-submit.ts';

interface RefusalMessageProps {
  /** The spec's sentence for the form, e.g. "Failed to submit booking request." */
  title: string;
  refusal: Refusal;
}

/** The spec's failure sentence, then what the server said and any field messages no field shows. */
export function RefusalMessage({ title, refusal }: RefusalMessageProps) {
  const { message, unplaced } = refusal;
  return (
    <StatusMessage tone="error">
      <strong className="request-refusal__title">{title}</strong>
      {message && message !== title ? <span className="request-refusal__detail">{message}</span> : null}
      {unplaced.length > 0 ? (
        <ul className="request-refusal__list">
          {unplaced.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </StatusMessage>
  );
}
