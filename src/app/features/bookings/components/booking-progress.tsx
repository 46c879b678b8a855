import { useState } from 'react';
import * as v from 'valibot';
import type { StaffBooking } from '#domain/api/bookings';
import { bookingCancelSchema } from '#domain/schemas/booking';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/form-errors.ts';
import { useOnline } from '../../../offline/connectivity.ts';
import { useCancelBooking } from '../api/booking-progress.ts';

const NEEDS_CONNECTION = 'Cancelling a booking needs a connection. Try again when you are back online.';

/**
 * The booking's progress at the desk before it starts: Cancel booking, with a reason. Picking up
 * and returning go through the Inspections panel's forms at the car (decision 032), the one path
 * that also works without signal.
 */
export function BookingProgress({ booking }: { booking: StaffBooking }) {
  const online = useOnline();
  const cancel = useCancelBooking(booking.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const status = booking.booking_status;

  const confirm = async () => {
    const result = v.safeParse(bookingCancelSchema, { reason });
    if (!result.success) return setFieldError(result.issues[0]?.message);
    try {
      await cancel.mutateAsync(result.output.reason);
      setOutcome({ tone: 'success', text: 'The booking is cancelled.' });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error, 'The booking could not be changed.') });
    }
    setOpen(false);
  };

  if (status !== 'pending' && status !== 'confirmed') return null;
  return (
    <section className="panel staff-booking-details__section" aria-labelledby="booking-progress">
      <h2 id="booking-progress" className="staff-booking-details__title">
        Progress
      </h2>
      {!online ? <StatusMessage tone="warning">{NEEDS_CONNECTION}</StatusMessage> : null}
      {outcome && outcome.tone !== 'error' ? <StatusMessage tone={outcome.tone}>{outcome.text}</StatusMessage> : null}
      <p className="staff-booking-details__notes">
        Record the pickup inspection below when the customer takes the vehicle: the booking becomes active once the
        rental agreement is signed by the customer and countersigned, or at once if you give the reason for handing over
        without one.
      </p>
      <div className="form__actions">
        <Refusal message={outcome?.tone === 'error' ? outcome.text : null} />
        <Button
          variant="ghost"
          disabled={!online}
          onClick={() => {
            setOutcome(null);
            setFieldError(undefined);
            setOpen(true);
          }}
        >
          Cancel booking
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        title="Cancel this booking?"
        message={
          <TextField
            label="Reason"
            hint="Kept with the booking."
            value={reason}
            error={fieldError}
            onChange={(event) => setReason(event.target.value)}
          />
        }
        confirmLabel="Cancel booking"
        cancelLabel="Not now"
        tone="danger"
        busy={cancel.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </section>
  );
}
