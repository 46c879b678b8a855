import { useRef, useState } from 'react';
import type { ReturnChargeDisputeView } from '#domain/api/return-charges';
import { DISPUTE_ANSWER_MAX } from '#domain/schemas/return-charge-dispute';
import { Button } from '../../../components/button.tsx';
import { Refusal, useFocusWhenShown } from '../../../components/refusal.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { TextAreaField } from '../../../components/text-field.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { refusalParts } from '../../../lib/form-errors.ts';
import { useAnswerDispute } from '../api/answer-dispute.ts';

type Side = 'customer' | 'staff';

const WORDS = {
  customer: { message: 'Your message', answer: 'Answer from the agency', waiting: 'The agency has not answered yet.' },
  staff: { message: 'Customer’s message', answer: 'Answer', waiting: 'Not answered yet.' },
} as const;

/**
 * A charge's disputes, oldest first: "Disputed" with the customer's message and, once given, the
 * agency's answer (staff also see who answered). `focusLast` moves the focus to the newest one
 * (the customer has just sent it, and the form that had the focus is gone).
 */
export function DisputeThread({
  disputes,
  side,
  focusLast = null,
}: {
  disputes: ReturnChargeDisputeView[];
  side: Side;
  focusLast?: unknown;
}) {
  const lastRef = useFocusWhenShown<HTMLDivElement>(focusLast);
  if (disputes.length === 0) return null;
  const words = WORDS[side];
  return (
    <div className="charge-disputes">
      {disputes.map((dispute, index) => (
        <div
          key={dispute.id}
          ref={index === disputes.length - 1 ? lastRef : undefined}
          tabIndex={-1}
          role="group"
          aria-label={dispute.status === 'open' ? 'Disputed' : 'Dispute answered'}
          className="charge-dispute"
        >
          <p className="charge-dispute__status">
            {dispute.status === 'open' ? (
              <StatusBadge tone="warning">Disputed</StatusBadge>
            ) : (
              <StatusBadge tone="info">Answered</StatusBadge>
            )}{' '}
            <span className="charge-dispute__when">{formatDateTime(dispute.created_at)}</span>
          </p>
          <p className="charge-dispute__text">
            <strong>{words.message}:</strong> {dispute.message}
          </p>
          {dispute.answer === null ? (
            <p className="charge-dispute__waiting">{words.waiting}</p>
          ) : (
            <p className="charge-dispute__text">
              <strong>
                {words.answer}
                {side === 'staff' && dispute.answered_by ? ` by ${dispute.answered_by}` : ''}:
              </strong>{' '}
              {dispute.answer}
            </p>
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * Staff's answer to an open dispute: the text, Send answer, and a refusal beside it (the field's
 * under the field, which takes the focus). `onAnswered` is told once it is sent.
 */
export function AnswerDisputeForm({
  disputeId,
  about,
  onAnswered,
}: {
  disputeId: number;
  /** What the dispute is about, for the form's name ("Fuel … on booking 12"). */
  about: string;
  onAnswered?: () => void;
}) {
  const answer = useAnswerDispute();
  const [text, setText] = useState('');
  const [error, setError] = useState<unknown>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const parts = refusalParts(error, ['answer'], 'The answer could not be sent.');
  return (
    <form
      className="charge-dispute__form"
      aria-label={`Answer the dispute of ${about}`}
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        answer.mutate(
          { disputeId, body: { answer: text } },
          {
            onError: (failure) => {
              setError(failure);
              if (refusalParts(failure, ['answer'], '').fields.answer) fieldRef.current?.focus();
            },
            onSuccess: () => onAnswered?.(),
          },
        );
      }}
    >
      <TextAreaField
        ref={fieldRef}
        label="Answer"
        rows={3}
        maxLength={DISPUTE_ANSWER_MAX}
        hint="Sent to the customer by e-mail and shown on their booking page."
        value={text}
        error={parts.fields.answer}
        onChange={(event) => setText(event.target.value)}
      />
      <Refusal message={parts.message} />
      <div className="return-charge__form">
        <Button type="submit" size="sm" disabled={answer.isPending}>
          {answer.isPending ? 'Sending...' : 'Send answer'}
        </Button>
      </div>
    </form>
  );
}
