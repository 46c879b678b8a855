import { useRef, useState } from 'react';
import type { ReturnChargeView } from '#domain/api/return-charges';
import { DISPUTE_MESSAGE_MAX } from '#domain/schemas/return-charge-dispute';
import { Button } from '../../../components/button.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { TextAreaField } from '../../../components/text-field.tsx';
import { refusalParts } from '../../../lib/form-errors.ts';
import { useDisputeCharge } from '../api/dispute-charge.ts';
import { DisputeThread } from './dispute-thread.tsx';

/**
 * A charge's disputes on the customer's booking page, and "Dispute this charge": a small form
 * (the message, Send) opened beside the charge. Sent, it shows "Disputed" with the message (which
 * takes the focus) and, once the agency answers, the answer. Another dispute of the charge can
 * be sent once the open one is answered.
 */
export function DisputeCharge({ bookingId, charge }: { bookingId: number; charge: ReturnChargeView }) {
  const dispute = useDisputeCharge(bookingId);
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState(0);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const parts = refusalParts(error, ['message'], 'Your dispute could not be sent.');
  const waiting = charge.disputes.some((item) => item.status === 'open');
  const close = () => {
    setOpen(false);
    setError(null);
  };
  return (
    <>
      <DisputeThread disputes={charge.disputes} side="customer" focusLast={sent || null} />
      {waiting ? null : open ? (
        <form
          className="charge-dispute__form"
          aria-label={`Dispute ${charge.label}`}
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            dispute.mutate(
              { chargeId: charge.id, body: { message } },
              {
                onError: (failure) => {
                  setError(failure);
                  if (refusalParts(failure, ['message'], '').fields.message) fieldRef.current?.focus();
                },
                onSuccess: () => {
                  setOpen(false);
                  setMessage('');
                  setSent((count) => count + 1);
                },
              },
            );
          }}
        >
          <TextAreaField
            ref={fieldRef}
            label="Why do you dispute this charge?"
            rows={3}
            maxLength={DISPUTE_MESSAGE_MAX}
            hint="The agency answers on this page and by e-mail."
            value={message}
            error={parts.fields.message}
            autoFocus
            onChange={(event) => setMessage(event.target.value)}
          />
          <Refusal message={parts.message} />
          <div className="return-charge__form">
            <Button type="submit" size="sm" disabled={dispute.isPending}>
              {dispute.isPending ? 'Sending...' : 'Send'}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                close();
                // Back to the control that opened it, after it is shown again.
                requestAnimationFrame(() => openerRef.current?.focus());
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="return-charge__form">
          <Button ref={openerRef} size="sm" variant="secondary" onClick={() => setOpen(true)}>
            Dispute this charge<span className="visually-hidden">: {charge.label}</span>
          </Button>
        </div>
      )}
    </>
  );
}
