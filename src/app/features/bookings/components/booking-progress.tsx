import { useState } from 'react';
import * as v from 'valibot';
import type { StaffBooking } from '#domain/api/bookings';
import { bookingCancelSchema, bookingReturnSchema } from '#domain/schemas/booking';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/form-errors.ts';
import { formatKm } from '../../../lib/format.ts';
import { useOnline } from '../../../offline/connectivity.ts';
import { useBookingProgress } from '../api/booking-progress.ts';

const NEEDS_CONNECTION = "Changing a booking's progress needs a connection. Try again when you are back online.";

type Dialog = 'pickup' | 'return' | 'cancel' | null;

/** The first message of a schema's refusal of one value, or undefined when it passes. */
function refusal(schema: v.GenericSchema, value: unknown): string | undefined {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : result.issues[0]?.message;
}

/**
 * The booking's progress at the desk: Mark picked up and Cancel booking before it starts, Mark
 * returned (with the odometer reading) while it is out; each asks first.
 */
export function BookingProgress({ booking }: { booking: StaffBooking }) {
  const online = useOnline();
  const progress = useBookingProgress(booking.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [mileage, setMileage] = useState('');
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const status = booking.booking_status;
  const notStarted = status === 'pending' || status === 'confirmed';

  const open = (next: Dialog) => {
    setOutcome(null);
    setFieldError(undefined);
    setDialog(next);
  };

  const confirm = async () => {
    let step;
    if (dialog === 'return') {
      const error = refusal(bookingReturnSchema, { mileage: mileage.trim() === '' ? undefined : Number(mileage) });
      if (error) return setFieldError(error);
      step = { step: 'return', mileage: Number(mileage) } as const;
    } else if (dialog === 'cancel') {
      const error = refusal(bookingCancelSchema, { reason });
      if (error) return setFieldError(error);
      step = { step: 'cancel', reason: reason.trim() } as const;
    } else {
      step = { step: 'pickup' } as const;
    }
    try {
      await progress.mutateAsync(step);
      setOutcome({
        tone: 'success',
        text:
          step.step === 'pickup'
            ? 'The booking is marked picked up.'
            : step.step === 'return'
              ? `The booking is marked returned at ${formatKm(step.mileage)}.`
              : 'The booking is cancelled.',
      });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error, 'The booking could not be changed.') });
    }
    setDialog(null);
  };

  if (!notStarted && status !== 'active') return null;
  return (
    <section className="panel staff-booking-details__section" aria-labelledby="booking-progress">
      <h2 id="booking-progress" className="staff-booking-details__title">
        Progress
      </h2>
      {!online ? <StatusMessage tone="warning">{NEEDS_CONNECTION}</StatusMessage> : null}
      {outcome ? <StatusMessage tone={outcome.tone}>{outcome.text}</StatusMessage> : null}
      <div className="form__actions">
        {notStarted ? (
          <>
            <Button variant="ghost" disabled={!online} onClick={() => open('cancel')}>
              Cancel booking
            </Button>
            <Button disabled={!online} onClick={() => open('pickup')}>
              Mark picked up
            </Button>
          </>
        ) : (
          <Button disabled={!online} onClick={() => open('return')}>
            Mark returned
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={dialog !== null}
        title={
          dialog === 'return'
            ? 'Mark this booking returned?'
            : dialog === 'cancel'
              ? 'Cancel this booking?'
              : 'Mark this booking picked up?'
        }
        message={
          dialog === 'return' ? (
            <TextField
              label="Mileage at return"
              inputMode="numeric"
              hint="The odometer reading now; it updates the vehicle's mileage."
              value={mileage}
              error={fieldError}
              onChange={(event) => setMileage(event.target.value)}
            />
          ) : dialog === 'cancel' ? (
            <TextField
              label="Reason"
              hint="Kept with the booking."
              value={reason}
              error={fieldError}
              onChange={(event) => setReason(event.target.value)}
            />
          ) : (
            'The customer has the vehicle: the booking becomes active.'
          )
        }
        confirmLabel={dialog === 'return' ? 'Mark returned' : dialog === 'cancel' ? 'Cancel booking' : 'Mark picked up'}
        cancelLabel="Not now"
        tone={dialog === 'cancel' ? 'danger' : 'primary'}
        busy={progress.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setDialog(null)}
      />
    </section>
  );
}
